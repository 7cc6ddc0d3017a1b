// Regeneration with a model, shared by v1 and v2: one call rewrites the named fields for up to
// eight countries at once (so they stay consistent), following each field's new content or
// instruction and the notes. Only the named fields change; a rewritten field that still fails a
// serious check after the repair rounds keeps its previous text, and the record says why.
import { emptyContent, type CountryContent } from '../../domain/content.ts';
import { applyFieldValues, fieldValue, type FieldValues } from '../../domain/content-changes.ts';
import { attributeName, type Fact } from '../../domain/facts.ts';
import { CATEGORY_FIELD, type ContentFieldRequest } from '../../domain/regenerate-fields.ts';
import type { EngineInput } from '../../domain/generation-ports.ts';
import { classifyValue } from '../template/instructions.ts';
import { allOrNothing } from './all-or-nothing.ts';
import { askModel } from './ask-model.ts';
import { userMessage } from './cache-layout.ts';
import type { ModelRuntime } from './call-model.ts';
import type { RecordProblem } from './checks/problem.ts';
import { regeneratedSchema, type Regenerated } from './draft-schema.ts';
import { block, productData, recordData, targetsData } from './prompt-data.ts';
import type { UsageMeter } from './usage-meter.ts';
import { claimKind, describeProblems, verifyRecord, WITHHELD } from './verify-record.ts';
import { type ValidationIssue, validationIssue } from '../../domain/validation-issue.ts';

/**
 * Countries one regeneration call rewrites at most: only the named fields travel, so a few short
 * fields fit eight countries; the long ones (description, key features) or many fields fit v1's four.
 */
function countriesPerCall(fields: readonly ContentFieldRequest[]): number {
  const long = fields.some((f) => f.name === 'description' || f.name === 'key_features');
  return long || fields.length > 3 ? 4 : 8;
}

type Target = EngineInput['targets'][number];

/**
 * The request as the model reads it: every value with the template rule's reading of it, and as
 * a fact it may cite, since the model decides whether it is content or an instruction.
 */
function readRequests(fields: readonly ContentFieldRequest[], at: string, categoryInstruction: string | null): { requests: unknown[]; facts: Fact[] } {
  const facts: Fact[] = [];
  const requests: unknown[] = fields.map((field) => {
    const value = classifyValue(field.value);
    if (value.type === 'empty') return { field: field.name, kind: 'none' };
    const id = `caller.fields.${field.name}`;
    // Kept as the kind of fact it is: a title is a name, an attribute an attribute, the rest prose.
    const kind =
      field.kind === 'attribute'
        ? { key: 'attribute' as const, attribute: attributeName(field.attribute) || field.attribute }
        : field.name === 'title'
          ? { key: 'name' as const }
          : { key: 'description' as const };
    facts.push({ id, ...kind, value: value.text, language: null, source: 'caller', licence: null, fetchedAt: at });
    return { field: field.name, kind: value.type, text: value.text, fact_id: id };
  });
  // The merchant's wish for the category pick: for google_category_id, never a fact to cite.
  if (categoryInstruction !== null) requests.push({ field: CATEGORY_FIELD, kind: 'instruction', text: categoryInstruction });
  return { requests, facts };
}

export async function regenerateWithModel(
  runtime: ModelRuntime,
  input: EngineInput,
  meter: UsageMeter,
  options: { repairRounds: number },
): Promise<{ content: CountryContent[]; extraFacts: Fact[]; categoryPicks: (string | null)[] }> {
  const fields = input.fields ?? [];
  // Only the category was asked for, and it is the merchant's choice: there is nothing to ask a model.
  if (fields.length === 0 && input.categories === undefined) {
    return { content: input.targets.map((t) => input.existing.find((c) => c.country === t.country) ?? emptyContent(t.country, t.language)), extraFacts: [], categoryPicks: [] };
  }
  const { requests, facts: contentFacts } = readRequests(fields, new Date().toISOString(), input.categories?.instruction ?? null);
  const facts = [...input.facts, ...contentFacts];
  const groups: Target[][] = [];
  // A call that only picks the category needs one answer, whatever the countries.
  const size = fields.length === 0 ? input.targets.length : countriesPerCall(fields);
  for (let i = 0; i < input.targets.length; i += size) groups.push(input.targets.slice(i, i + size));
  const answers = await allOrNothing(
    groups.map((group) => (signal: AbortSignal) => regenerateGroup(runtime, { ...input, signal }, group, { fields, requests, facts }, meter, options)),
    input.signal,
  );
  const content = answers.flatMap((a) => a.records);
  // Only values the model used as content, and so cited, are kept as facts: an instruction is none.
  const cited = new Set(content.flatMap((c) => Object.values(c.sources).flat()));
  return { content, extraFacts: contentFacts.filter((f) => cited.has(f.id)), categoryPicks: answers.map((a) => a.categoryPick) };
}

async function regenerateGroup(
  runtime: ModelRuntime,
  input: EngineInput,
  targets: readonly Target[],
  asked: { fields: readonly ContentFieldRequest[]; requests: unknown[]; facts: readonly Fact[] },
  meter: UsageMeter,
  options: { repairRounds: number },
): Promise<{ records: CountryContent[]; categoryPick: string | null }> {
  const { fields, facts } = asked;
  const known = new Set(facts.map((f) => f.id));
  const kind = claimKind(input.facts, input.product.codeType);
  const before = targets.map((t) => input.existing.find((c) => c.country === t.country) ?? emptyContent(t.country, t.language));
  const names = fields.map((f) => f.name);
  const instructions = meter.instructions('regenerate');
  const baseMessage = [
    block('task', { targets: targetsData(targets), fields: names }),
    block('merchant_requests', asked.requests),
    block('draft', before.map(recordData)),
    block('product_data', productData(input, facts)),
  ].join('\n');
  const signal = input.signal === undefined ? {} : { signal: input.signal };
  const complete = (value: Regenerated): string | null => {
    for (const target of targets) {
      const record = value.records.find((r) => r.country.toLowerCase() === target.country);
      if (record === undefined) return `no record for ${target.country}: return one per target country`;
      const missing = names.filter((n) => !record.fields.some((f) => f.field === n));
      if (missing.length > 0) return `the record for ${target.country} lacks ${missing.join(', ')}: return every requested field`;
    }
    return null;
  };

  let answer = await askModel(runtime, { step: 'regenerate', instructions, messages: [userMessage(baseMessage)], schema: regeneratedSchema, meter, ...signal }, complete);
  let records = before.map((record) => apply(record, answer, fields, known));
  let problems = await Promise.all(records.map((r) => verifyTouched(r, fields, facts, kind)));
  for (let round = 0; round < options.repairRounds && problems.some((p) => p.length > 0); round++) {
    meter.roundsUsed(round + 1);
    const listed = records.flatMap((r, i) => describeProblems(problems[i] ?? []).map((p) => ({ country: r.country, ...p })));
    answer = await askModel(
      runtime,
      {
        step: 'repair',
        instructions,
        messages: [
          userMessage(baseMessage),
          { role: 'assistant', content: JSON.stringify(answer) },
          {
            role: 'user',
            content: `${block('problems', listed)}\nThese rewritten fields failed the checks. Return the requested fields again for every target, with each problem fixed by rewriting or removing the statement, never by adding anything the facts do not state.`,
          },
        ],
        schema: regeneratedSchema,
        meter,
        ...signal,
      },
      complete,
    );
    records = before.map((record) => apply(record, answer, fields, known));
    problems = await Promise.all(records.map((r) => verifyTouched(r, fields, facts, kind)));
  }
  return {
    records: records.map((record, i) => keepPreviousWhereFailed(record, before[i] ?? record, fields, problems[i] ?? [])),
    categoryPick: answer.google_category_id,
  };
}

/** The answer's fields written into the country's record; everything else stays as it was. */
function apply(record: CountryContent, answer: Regenerated, fields: readonly ContentFieldRequest[], known: ReadonlySet<string>): CountryContent {
  const written = answer.records.find((r) => r.country.toLowerCase() === record.country);
  const values: FieldValues = {};
  const sources: Record<string, string[]> = {};
  for (const request of fields) {
    const field = written?.fields.find((f) => f.field === request.name);
    if (field === undefined) continue;
    const name = writtenField(request);
    const text = field.text.trim();
    values[name] =
      request.name === 'key_features' ? (field.items.length > 0 ? field.items : field.text.split('\n')).map((s) => s.trim()).filter((s) => s !== '') : text === '' ? null : text;
    sources[name] = field.fact_ids.filter((id) => known.has(id));
  }
  return { ...applyFieldValues(record, values), sources: { ...record.sources, ...sources }, validation_issues: [] };
}

/** The field a problem or message is about: `key_features.2` belongs to `key_features`. */
function fieldOf(path: string): string {
  return path.startsWith('global_attr.') ? path : (path.split('.')[0] ?? path);
}

/** The record field a request writes: `global_attr.pack__size` is written as `global_attr.pack_size`. */
function writtenField(request: ContentFieldRequest): string {
  return request.kind === 'attribute' ? `global_attr.${attributeName(request.attribute) || request.attribute}` : request.name;
}

/** Only the rewritten fields are judged: the others were checked when they were written. */
async function verifyTouched(
  record: CountryContent,
  fields: readonly ContentFieldRequest[],
  facts: readonly Fact[],
  kind: 'medicine' | 'food' | 'other',
): Promise<RecordProblem[]> {
  const problems = await verifyRecord(record, { facts, kind });
  const touched = new Set(fields.map(writtenField));
  return problems.filter((p) => touched.has(fieldOf(p.field)));
}

/** Whether an issue is about one of these fields. */
function isAbout(issue: ValidationIssue, names: ReadonlySet<string>): boolean {
  return issue.field !== null && names.has(issue.field);
}

/** Whether an issue is an earlier regeneration's note ("Regeneration: title: …"). */
function isRegenerationNote(issue: ValidationIssue): boolean {
  return issue.message.startsWith('Regeneration: ');
}

function keepPreviousWhereFailed(record: CountryContent, previous: CountryContent, fields: readonly ContentFieldRequest[], problems: readonly RecordProblem[]): CountryContent {
  const kept = new Set(problems.filter((p) => WITHHELD.has(p.check)).map((p) => fieldOf(p.field)));
  const rewritten = new Set(fields.map(writtenField));
  const replaced = new Set([...rewritten].filter((name) => !kept.has(name)));
  // What was said about a field whose new text is published no longer holds. A field whose old
  // text is kept keeps what was said about that text, but not earlier regenerations' notes: this
  // one's note replaces them.
  const stillTrue = previous.validation_issues.filter((i) => !isAbout(i, replaced) && !(isRegenerationNote(i) && isAbout(i, kept)));
  let out: CountryContent = { ...record, validation_issues: stillTrue };
  for (const problem of problems) {
    const keep = WITHHELD.has(problem.check);
    const base = fieldOf(problem.field);
    // A lesser problem of a text that is not published is not worth saying.
    if (!keep && kept.has(base)) continue;
    out.validation_issues.push(validationIssue(base, problem.check, `Regeneration: ${problem.field}: ${problem.message}${keep ? '; the previous text was kept.' : '.'}`));
    if (!keep) continue;
    out = { ...applyFieldValues(out, { [base]: fieldValue(previous, base) }), sources: { ...out.sources, [base]: previous.sources[base] ?? [] } };
  }
  return out;
}
