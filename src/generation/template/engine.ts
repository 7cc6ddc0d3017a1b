// The offline template engine: deterministic, no network, writes every field from facts in the
// language of each country. See docs/template-engine.md.
import type { CountryContent } from '../../domain/content.ts';
import { emptyUsage } from '../../domain/generation-usage.ts';
import { findUngrounded, type GroundedFields } from '../grounding.ts';
import { PermanentGenerationError, type ContentEngine, type EngineInput, type EngineOutput } from '../../domain/generation-ports.ts';
import { viewFacts, type FactView } from './fact-view.ts';
import { parseNotes } from './notes.ts';
import { buildRecord, NoNameError, type BuiltRecord } from './record.ts';
import { regenerateRecord } from './regenerate.ts';
import { productHandle } from './seo.ts';
import { issueField, validationIssue } from '../../domain/validation-issue.ts';

function build(view: FactView, country: string, language: string, notes: ReturnType<typeof parseNotes>): BuiltRecord {
  try {
    return buildRecord(view, country, language, notes);
  } catch (err) {
    if (err instanceof NoNameError) throw new PermanentGenerationError('product_data_not_found', err.message);
    throw err;
  }
}

/** The regenerated fields only, for the grounding check (untouched fields were checked when written). */
function touched(record: CountryContent, input: EngineInput): Partial<GroundedFields> {
  const out: Partial<GroundedFields> = { global_attr: {} };
  for (const field of input.fields ?? []) {
    if (field.kind === 'attribute') {
      const value = record.global_attr[field.attribute];
      if (value !== undefined && out.global_attr !== undefined) out.global_attr[field.attribute] = value;
    } else if (field.name === 'key_features') out.key_features = record.key_features;
    else out[field.name] = record[field.name];
  }
  return out;
}

export function createTemplateEngine(): ContentEngine {
  return {
    name: 'template',
    async generate(input: EngineInput): Promise<EngineOutput> {
      // A run asked to stop (out of time, its claim lost) stops between steps.
      input.signal?.throwIfAborted();
      const view = await viewFacts(input.facts);
      input.signal?.throwIfAborted();
      const notes = parseNotes(input.notes);
      const built = input.targets.map(({ country, language }) => {
        input.signal?.throwIfAborted();
        return { country, built: build(view, country, language, notes) };
      });
      const content = built.map(({ country, built: fresh }) => {
        input.signal?.throwIfAborted();
        const existing = input.existing.find((c) => c.country === country);
        if (input.fields === null || existing === undefined) return fresh.content;
        const { record, callerContent } = regenerateRecord(existing, fresh, input.fields);
        const facts = [...view.facts.map((f) => ({ value: f.text, language: f.language })), ...callerContent];
        for (const problem of findUngrounded(touched(record, input), facts, fresh.locale)) {
          record.validation_issues.push(
            validationIssue(issueField(problem.field), 'ungrounded', `Regeneration: grounding check: ${problem.field} states "${problem.value}", which no fact supports.`),
          );
        }
        return record;
      });
      const first = built[0]?.built.title;
      const handle = input.product.productHandle ?? (first === undefined ? null : productHandle(first));
      return { content, productHandle: handle, usage: emptyUsage('template') };
    },
  };
}
