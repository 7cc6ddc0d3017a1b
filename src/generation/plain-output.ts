import { type ValidationIssue, validationIssue } from '../domain/validation-issue.ts';
import type { CountryContent } from '../domain/content.ts';
import { GLOBAL_ATTR_PREFIX } from '../domain/regenerate-fields.ts';
import { attributeName, isAttributeName } from '../domain/facts.ts';
import type { EngineInput, EngineOutput } from '../domain/generation-ports.ts';
import { plainFacts } from './plain-facts.ts';
import { markupMessage, plainText } from '../text/plain-text.ts';

/** What a record says about one field whose markup was removed. */
function markupIssue(field: string, removed: readonly string[]): ValidationIssue {
  return validationIssue(field, 'markup', markupMessage(field, removed));
}

const SINGLE_TEXT_FIELDS = ['title', 'short_description', 'description', 'title_tag', 'meta_description', 'meta_keywords'] as const;

/** A text field's plain value (null when nothing is left), noting in `messages` what markup went. */
function plainField(field: string, value: string, issues: ValidationIssue[]): string {
  const plain = plainText(value);
  if (plain.markupRemoved) issues.push(markupIssue(field, plain.removed));
  return plain.text.trim();
}

/**
 * One country's record as plain text: markup stripped from every text field, feature and attribute
 * value (each field that lost markup says so in `validation_issues`), and from the messages
 * themselves, which may quote what a model wrote. `rewritten`: the fields a regeneration wrote,
 * whose earlier markup messages no longer hold.
 */
export function plainContent(record: CountryContent, rewritten: ReadonlySet<string>): CountryContent {
  const issues: ValidationIssue[] = [];
  const out: CountryContent = { ...record, global_attr: {}, sources: { ...record.sources } };
  for (const field of SINGLE_TEXT_FIELDS) {
    const value = record[field];
    if (value === null) continue;
    const plain = plainField(field, value, issues);
    out[field] = plain === '' ? null : plain;
  }
  const removed = new Set<string>();
  let featureMarkup = false;
  out.key_features = record.key_features
    .map((feature) => {
      const plain = plainText(feature);
      if (plain.markupRemoved) featureMarkup = true;
      for (const name of plain.removed) removed.add(name);
      return plain.text.trim();
    })
    .filter((feature) => feature !== '');
  if (featureMarkup) issues.push(markupIssue('key_features', [...removed]));
  for (const [name, value] of Object.entries(record.global_attr)) {
    const field = `${GLOBAL_ATTR_PREFIX}${name}`;
    const plain = isAttributeName(name) ? plainField(field, value, issues) : '';
    if (plain !== '') out.global_attr[name] = plain;
    else delete out.sources[field];
  }
  const kept = record.validation_issues.filter((i) => !(i.check === 'markup' && i.field !== null && rewritten.has(i.field)));
  out.validation_issues = [...kept.map((i) => ({ ...i, message: plainText(i.message).text })).filter((i) => i.message.trim() !== ''), ...issues];
  return out;
}

/** The record fields a regeneration writes: `global_attr.pack__size` is written as `global_attr.pack_size` by a model. */
function rewrittenFields(input: EngineInput): Set<string> {
  const names = new Set<string>();
  for (const field of input.fields ?? []) {
    names.add(field.name);
    if (field.kind === 'attribute') names.add(`${GLOBAL_ATTR_PREFIX}${attributeName(field.attribute) || field.attribute}`);
  }
  return names;
}

/**
 * The last step of every engine's output before it is stored: whatever a model, a source or a
 * caller slipped into the text, only plain text is published (see docs/agent-models.md).
 */
export function plainOutput(output: EngineOutput, input: EngineInput): EngineOutput {
  const rewritten = rewrittenFields(input);
  const handle = output.productHandle === null ? null : plainText(output.productHandle).text.trim();
  return {
    ...output,
    content: output.content.map((record) => plainContent(record, rewritten)),
    productHandle: handle === null || handle === '' ? null : handle,
    ...(output.extraFacts === undefined ? {} : { extraFacts: plainFacts(output.extraFacts) }),
  };
}
