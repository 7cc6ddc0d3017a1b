// What each agent model costs and what writes it, as the account and create answers tell the
// caller: when v1 and v2 are written by one engine (both by the template engine, or one model for
// both), v2 writes what v1 writes, and a caller paying for v2 should know.
import { modelCredits, type AgentModel, type ModelCredits } from '../domain/pricing.ts';
import type { AppDeps } from './app.ts';

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

/** A sentence for a create answer's message when both agent models are one engine; null otherwise. */
export function sameEngineNote(deps: PricingDeps, model: AgentModel): string | null {
  if (!sameEngine(deps)) return null;
  const credits = modelCreditsOf(deps);
  const other: AgentModel = model === 'v1' ? 'v2' : 'v1';
  // The base price: a product for several countries or with image standardization costs more.
  return `Note: v1 and v2 are both written by ${deps.engines.v1} on this server; the base price of ${model} is ${credits[model]} credit(s) a product, of ${other} ${credits[other]}.`;
}
