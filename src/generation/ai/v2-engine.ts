// Agent model v2 (default): research, draft per country, verify, repair.
//  1. Research: the sources' facts (gathered by the service) and, when the model sees pictures,
//     what is printed on the product's pictures (facts of source `image`).
//  2. Draft each country in its language, side by side.
//  3. Verify: deterministic checks first (language, limits, meta text, health claims, every
//     number and attribute in the facts, cited ids exist); when those pass, a critic call.
//  4. Repair what failed, at most AGENT_REPAIR_ROUNDS rounds; what still fails is withheld or
//     reported in validation_messages, never published silently.
import type { CountryContent } from '../../domain/content.ts';
import type { Fact } from '../../domain/facts.ts';
import type { ContentEngine, EngineInput } from '../../domain/generation-ports.ts';
import { allOrNothing } from './all-or-nothing.ts';
import { askModel } from './ask-model.ts';
import { userMessage } from './cache-layout.ts';
import type { ModelRuntime } from './call-model.ts';
import type { RecordProblem } from './checks/problem.ts';
import { countryDraftSchemaFor, criticSchema, type CountryDraft } from './draft-schema.ts';
import { draftToContent } from './draft-to-content.ts';
import { modelEngine } from './model-engine.ts';
import { block, productData, recordData, targetsData } from './prompt-data.ts';
import { readProductImages, type LoadImage } from './read-images.ts';
import type { UsageMeter } from './usage-meter.ts';
import { claimKind, describeProblems, settleProblems, verifyRecord } from './verify-record.ts';
import { validationIssue } from '../../domain/validation-issue.ts';

export interface V2Options {
  repairRounds: number;
  critic: boolean;
  /** Null when the model is not sent pictures. */
  loadImage: LoadImage | null;
  maxImages: number;
}

type Target = EngineInput['targets'][number];

export function createV2Engine(runtime: ModelRuntime, options: V2Options): ContentEngine {
  return modelEngine(runtime, {
    engine: 'llm-v2',
    repairRounds: options.repairRounds,
    async write(input, meter) {
      const reading =
        options.loadImage === null ? { facts: [], messages: [] } : await readProductImages(runtime, input, meter, { loadImage: options.loadImage, maxImages: options.maxImages });
      const facts = [...input.facts, ...reading.facts];
      const written = await allOrNothing(
        input.targets.map((target) => (signal: AbortSignal) => writeCountry(runtime, options, { ...input, signal }, facts, target, meter)),
        input.signal,
      );
      const content = written.map((w) => w.record);
      for (const record of content) record.validation_issues.push(...reading.messages.map((m) => validationIssue('images', 'images', m)));
      return { content, extraFacts: reading.facts, categoryPicks: written.map((w) => w.categoryPick) };
    },
  });
}

/** One country's record, and the category its final draft picked. */
async function writeCountry(
  runtime: ModelRuntime,
  options: V2Options,
  input: EngineInput,
  facts: readonly Fact[],
  target: Target,
  meter: UsageMeter,
): Promise<{ record: CountryContent; categoryPick: string | null }> {
  const signal = input.signal === undefined ? {} : { signal: input.signal };
  const known = new Set(facts.map((f) => f.id));
  const kind = claimKind(facts, input.product.codeType);
  const data = `${block('task', { targets: targetsData([target]) })}\n${block('product_data', productData(input, facts))}`;

  const check = async (draft: CountryDraft): Promise<{ record: CountryContent; problems: RecordProblem[] }> => {
    const { content, unknownIds } = draftToContent(draft, target, known);
    const problems = await verifyRecord(content, { facts, kind, unknownIds });
    if (problems.length > 0 || !options.critic) return { record: content, problems };
    // The critic reads only drafts that already pass every deterministic check: cheaper, and its
    // judgement is then about meaning, not about what a rule can see. Matters of taste are not
    // worth a repair round.
    const review = await askModel(runtime, {
      step: 'critic',
      instructions: meter.instructions('critic'),
      messages: [userMessage(`${data}\n${block('draft', recordData(content))}`)],
      schema: criticSchema,
      meter,
      ...signal,
    });
    const errors = review.issues.filter((i) => i.severity === 'error');
    return { record: content, problems: errors.map((i) => ({ field: i.field, check: 'critic' as const, message: i.problem })) };
  };

  const draftSchema = countryDraftSchemaFor(input.attributes);
  let draft = await askModel(runtime, {
    step: 'draft',
    instructions: meter.instructions('draft'),
    messages: [userMessage(data)],
    schema: draftSchema,
    meter,
    ...signal,
  });
  let verdict = await check(draft);
  for (let round = 1; round <= options.repairRounds && verdict.problems.length > 0; round++) {
    meter.roundsUsed(round);
    draft = await askModel(runtime, {
      step: 'repair',
      instructions: meter.instructions('repair'),
      messages: [userMessage(`${data}\n${block('draft', draft)}\n${block('problems', describeProblems(verdict.problems))}`)],
      schema: draftSchema,
      meter,
      ...signal,
    });
    verdict = await check(draft);
  }
  return { record: settleProblems(verdict.record, verdict.problems), categoryPick: draft.google_category_id };
}
