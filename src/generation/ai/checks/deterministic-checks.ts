// The deterministic checks of an LLM-written record, run together. Grounding (findUngrounded) is
// not here: the engine runs it on its own, with the facts themselves rather than their texts.
import { checkHealthClaims, type ClaimKind } from './health-claim-check.ts';
import { checkLabelClaims } from './label-claim-check.ts';
import { checkLanguage } from './language-check.ts';
import { checkLengths } from './length-check.ts';
import { checkMetaText } from './meta-text-check.ts';
import type { CheckedFields, RecordProblem } from './problem.ts';

export interface CheckContext {
  /** The record's language (ISO 639-1). */
  language: string;
  kind: ClaimKind;
  /** The values of the product's facts: clinical claims they state may be repeated. */
  factTexts: readonly string[];
  /** Names the facts give (factNames): kept in their own language, they are not judged for it. */
  names: readonly string[];
  /** Fewer key features than this is a problem; unset, any number up to the limit is fine. */
  minFeatures?: number;
  /** A lower title limit the caller asked for. */
  titleMax?: number;
}

/**
 * Every problem the deterministic checks find: emptiness and lengths, chat talk, health and label
 * claims, language. `between`, when given, is awaited between one check and the next (see
 * verify-record.ts): the checks stay pure, and the caller decides what may run in between.
 */
export async function deterministicChecks(record: CheckedFields, ctx: CheckContext, between?: () => Promise<void>): Promise<RecordProblem[]> {
  const problems = [...checkLengths(record, { minFeatures: ctx.minFeatures, titleMax: ctx.titleMax }), ...checkMetaText(record)];
  await between?.();
  problems.push(...checkHealthClaims(record, ctx.kind, ctx.factTexts));
  await between?.();
  problems.push(...checkLabelClaims(record, ctx.factTexts));
  await between?.();
  problems.push(...(await checkLanguage(record, ctx.language, ctx.names)));
  return problems;
}
