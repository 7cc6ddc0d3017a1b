import { setImmediate as afterPendingIo } from 'node:timers/promises';
import type { CountryContent } from '../../domain/content.ts';
import { applyFieldValues, type FieldValues } from '../../domain/content-changes.ts';
import type { Fact, ProductKind } from '../../domain/facts.ts';
import { findUngrounded } from '../grounding.ts';
import { deterministicChecks } from './checks/deterministic-checks.ts';
import { factNames } from './checks/fact-names.ts';
import type { RecordProblem } from './checks/problem.ts';
import { issueField, validationIssue } from '../../domain/validation-issue.ts';

/** The kinds the health-claim rules tell apart. */
export function claimKind(facts: readonly Fact[], codeType: string | null): 'medicine' | 'food' | 'other' {
  const kind = facts
    .find((f) => f.key === 'kind')
    ?.value.trim()
    .toLowerCase() as ProductKind | undefined;
  if (kind === 'medicine' || codeType === 'minsan') return 'medicine';
  if (kind === 'food' || kind === 'pet_food') return 'food';
  return 'other';
}

/**
 * Every deterministic check on one country's record: language, limits, model meta text, health
 * claims, and that every number and attribute is stated by a fact. Empty means it passed.
 */
export async function verifyRecord(
  record: CountryContent,
  context: { facts: readonly Fact[]; kind: 'medicine' | 'food' | 'other'; unknownIds?: ReadonlyArray<{ field: string; id: string }> },
): Promise<RecordProblem[]> {
  // The checks cost a few milliseconds of CPU, and a worker checks records in bursts (an agent
  // model's answers come back together). Between one check and the next the event loop first
  // handles what has arrived, so another answer frees its model slot and the next call starts
  // without waiting for a whole burst of checks.
  const problems = await deterministicChecks(
    record,
    {
      language: record.language,
      kind: context.kind,
      factTexts: context.facts.map((f) => f.value),
      names: factNames(context.facts),
    },
    afterPendingIo,
  );
  await afterPendingIo();
  const byId = new Map(context.facts.map((f) => [f.id, f]));
  for (const u of findUngrounded(record, context.facts)) {
    // An attribute value may be a translation of its fact (black → Schwarz), which no text match
    // can confirm. It passes here only when it cites a fact written in another language, the one
    // thing it can be a translation of; its numbers are still checked as text, and the critic
    // reads the meaning.
    if (u.kind === 'attribute' && translates(record.sources[u.field] ?? [], byId, record.language, u.field.slice('global_attr.'.length))) continue;
    problems.push({
      field: u.field,
      check: 'ungrounded',
      message: u.kind === 'number' ? `states "${u.value}", a number no fact states` : `gives the value "${u.value}", which no fact states`,
    });
  }
  for (const u of context.unknownIds ?? []) {
    problems.push({ field: u.field, check: 'unknown_source', message: `cites "${u.id}", which is not the id of any fact` });
  }
  return problems;
}

/**
 * Whether a cited fact can be what the value translates: one written in another language, or an
 * untagged one that gives this very attribute (the merchant's `colour: black`, in no stated
 * language). A brand or a title cited for a colour translates nothing.
 */
function translates(cited: readonly string[], facts: ReadonlyMap<string, Fact>, language: string, attribute: string): boolean {
  return cited.some((id) => {
    const fact = facts.get(id);
    if (fact === undefined) return false;
    if (fact.language !== null) return fact.language !== language;
    return (fact.key === 'attribute' && fact.attribute === attribute) || fact.id === `caller.fields.global_attr.${attribute}`;
  });
}

/** Problems that must never reach a shopper: the field is withheld when they survive every repair. */
export const WITHHELD: ReadonlySet<RecordProblem['check']> = new Set(['refusal', 'health_claim', 'ungrounded', 'language']);

/**
 * What still fails after the last repair round: fields with a serious problem are withheld (set
 * empty), the rest kept, and every problem is said in `validation_issues`, never hidden.
 */
export function settleProblems(record: CountryContent, problems: readonly RecordProblem[]): CountryContent {
  const issues = [...record.validation_issues];
  const withheld: FieldValues = {};
  const withheldFeatures = new Set<number>();
  for (const problem of problems) {
    const withhold = WITHHELD.has(problem.check);
    issues.push(validationIssue(issueField(problem.field), problem.check, `${problem.field}: ${problem.message}${withhold ? '; the text was withheld.' : '.'}`));
    if (!withhold) continue;
    const feature = /^key_features\.(\d+)$/.exec(problem.field);
    // One feature is dropped from the list; any other field (the feature list as a whole, e.g. for
    // its language) is published empty.
    if (feature?.[1] !== undefined) withheldFeatures.add(Number(feature[1]));
    else withheld[problem.field] = null;
  }
  const out = applyFieldValues(record, withheld);
  const sources = { ...record.sources };
  for (const field of Object.keys(withheld)) {
    if (field.startsWith('global_attr.')) delete sources[field];
    else sources[field] = [];
  }
  return { ...out, key_features: out.key_features.filter((_, i) => !withheldFeatures.has(i)), sources, validation_issues: issues };
}

/** One line per problem, for a repair prompt. */
export function describeProblems(problems: readonly RecordProblem[]): Array<{ field: string; problem: string }> {
  return problems.map((p) => ({ field: p.field, problem: p.message }));
}
