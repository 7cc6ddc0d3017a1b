// What each agent model costs and what writes it, as the account and the create, quote and
// regenerate answers tell the caller: when v1 and v2 are written by one engine (both by the
// template engine, or one model for both), v2 writes what v1 writes, and a caller paying for v2
// should know.
import { modelCredits, type AgentModel, type ModelCredits } from '../domain/pricing.ts';
import type { AppDeps } from './app-deps.ts';

type PricingDeps = Pick<AppDeps, 'config' | 'engines'>;

/** The base price of each agent model in force on this server. */
export function modelCreditsOf(deps: PricingDeps): ModelCredits {
  return modelCredits({ v2ByTemplate: deps.engines.v2 === 'template', templateV2Credits: deps.config.agents.templateV2Credits });
}

export function sameEngine(deps: PricingDeps): boolean {
  return deps.engines.v1 === deps.engines.v2;
}

/** GET /api/v1/account's `agent_models`. */
export function agentModelsOf(deps: PricingDeps): { v1: string; v2: string; same_engine: boolean; credits: ModelCredits } {
  return { v1: deps.engines.v1, v2: deps.engines.v2, same_engine: sameEngine(deps), credits: modelCreditsOf(deps) };
}

/**
 * The `data.notice` of a create, quote or regenerate answer when both agent models are one engine
 * (a caller choosing v2 gets what v1 writes); null otherwise, and the answer then has no notice.
 */
export function sameEngineNotice(deps: PricingDeps, model: AgentModel, operation: 'create' | 'regenerate'): string | null {
  if (!sameEngine(deps)) return null;
  const credits = modelCreditsOf(deps);
  const other: AgentModel = model === 'v1' ? 'v2' : 'v1';
  // A create's base price: a product for several countries or with image standardization costs more.
  const price =
    operation === 'create'
      ? `the base price of ${model} is ${credits[model]} credit(s) a product, of ${other} ${credits[other]}`
      : `a regeneration with ${model} costs ${credits[model]} credit(s), with ${other} ${credits[other]}`;
  return `v1 and v2 are both written by ${deps.engines.v1} on this server; ${price}.`;
}

/** `{ notice }` to spread into an answer's `data`, or nothing. */
export function noticeField(notice: string | null): { notice?: string } {
  return notice === null ? {} : { notice };
}
