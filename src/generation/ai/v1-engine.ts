// Agent model v1 (basic): one structured-output call writes every field of the product's
// countries, up to four per call (or one call per country, AGENT_V1_CALL), with fact ids per
// field. The answer is schema-checked and re-asked once; then the deterministic checks run and
// what fails is withheld and reported. No critic and no repair rounds: that is what v2 adds.
import type { CountryContent } from '../../domain/content.ts';
import type { ContentEngine, EngineInput } from '../../domain/generation-ports.ts';
import { allOrNothing } from './all-or-nothing.ts';
import { askModel } from './ask-model.ts';
import { userMessage } from './cache-layout.ts';
import type { ModelRuntime } from './call-model.ts';
import { recordsSchemaFor } from './draft-schema.ts';
import { draftToContent } from './draft-to-content.ts';
import { modelEngine } from './model-engine.ts';
import { block, productData, targetsData } from './prompt-data.ts';
import type { UsageMeter } from './usage-meter.ts';
import { claimKind, settleProblems, verifyRecord } from './verify-record.ts';

/**
 * Countries one v1 call writes at most. One call for all shares the facts (fewer input tokens)
 * and keeps countries consistent, but a full record is 1,000–1,500 output tokens: beyond four,
 * answers risk the output limit and one bad country would cost all of them.
 */
export const COUNTRIES_PER_CALL = 4;

type Target = EngineInput['targets'][number];

export function createV1Engine(runtime: ModelRuntime, options: { call: 'per_product' | 'per_country' }): ContentEngine {
  return modelEngine(runtime, {
    engine: 'llm-v1',
    repairRounds: 0,
    async write(input, meter) {
      const size = options.call === 'per_product' ? COUNTRIES_PER_CALL : 1;
      const groups: Target[][] = [];
      for (let i = 0; i < input.targets.length; i += size) groups.push(input.targets.slice(i, i + size));
      const answers = await allOrNothing(
        groups.map((group) => (signal: AbortSignal) => writeGroup(runtime, { ...input, signal }, group, meter)),
        input.signal,
      );
      const written = answers.flatMap((a) => a.records);
      return {
        content: input.targets.map((t) => written.find((c) => c.country === t.country)).filter((c) => c !== undefined),
        categoryPicks: answers.flatMap((a) => a.categoryPicks),
      };
    },
  });
}

async function writeGroup(
  runtime: ModelRuntime,
  input: EngineInput,
  targets: readonly Target[],
  meter: UsageMeter,
): Promise<{ records: CountryContent[]; categoryPicks: (string | null)[] }> {
  const wanted = targets.map((t) => t.country);
  const answer = await askModel(
    runtime,
    {
      step: 'generate',
      instructions: meter.instructions('generate'),
      messages: [userMessage(`${block('task', { targets: targetsData(targets) })}\n${block('product_data', productData(input, input.facts))}`)],
      schema: recordsSchemaFor(input.attributes),
      meter,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    },
    (value) => {
      const missing = wanted.filter((country) => !value.records.some((r) => r.country.toLowerCase() === country));
      return missing.length === 0 ? null : `records are missing for ${missing.join(', ')}: return one record for each target country`;
    },
  );
  const known = new Set(input.facts.map((f) => f.id));
  const kind = claimKind(input.facts, input.product.codeType);
  const records: CountryContent[] = [];
  const categoryPicks: (string | null)[] = [];
  for (const target of targets) {
    const draft = answer.records.find((r) => r.country.toLowerCase() === target.country);
    // askModel's check has made sure every target has its record.
    if (draft === undefined) continue;
    const { content, unknownIds } = draftToContent(draft, target, known);
    records.push(settleProblems(content, await verifyRecord(content, { facts: input.facts, kind, unknownIds })));
    categoryPicks.push(draft.google_category_id);
  }
  return { records, categoryPicks };
}
