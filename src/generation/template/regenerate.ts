// A regeneration: each requested field is rebuilt from the facts, replaced by the caller's new
// content, or rebuilt and then changed by an instruction the engine can follow. Every other field
// stays as it was. Pure.
import type { CountryContent } from '../../domain/content.ts';
import type { ContentFieldRequest, TextField } from '../../domain/regenerate-fields.ts';
import { applyCase } from './casing.ts';
import { classifyValue, type Action } from './instructions.ts';
import { CONTENT_LIMITS } from '../../domain/content-limits.ts';
import type { BuiltRecord } from './record.ts';
import { bulletLines, collapseSpaces, fitLines, removeWord, toPlainText } from './text.ts';
import { truncateWords } from '../../text/words.ts';
import { type ValidationIssue, validationIssue } from '../../domain/validation-issue.ts';

const LIMIT: Partial<Record<TextField, number>> = {
  title: CONTENT_LIMITS.title.maxChars,
  short_description: CONTENT_LIMITS.short_description.maxChars,
  title_tag: CONTENT_LIMITS.title_tag.maxChars,
  meta_description: CONTENT_LIMITS.meta_description.maxChars,
};

export interface Regenerated {
  record: CountryContent;
  /** New content the caller sent, as facts for the grounding check (`caller.fields.<name>`). */
  callerContent: Array<{ id: string; value: string }>;
}

type Value = string | string[] | null;

function cut(value: string, max: number, prose: boolean): string {
  return prose ? fitLines(value, max) : truncateWords(value, max);
}

/** Applies a followable instruction to a rebuilt value; null when it changes nothing it could. */
function follow(action: Action, value: Value, field: TextField | 'attribute', locale: string): Value {
  if (value === null) return null;
  const prose = field === 'description' || field === 'short_description' || field === 'meta_description';
  const each = (f: (s: string) => string): Value => (Array.isArray(value) ? value.map(f).filter((s) => s !== '') : f(value));
  switch (action.kind) {
    case 'shorter':
      if (Array.isArray(value)) return value.slice(0, Math.max(1, Math.floor((value.length * 2) / 3)));
      return cut(value, Math.max(10, Math.floor((value.length * 2) / 3)), prose);
    case 'max':
      return each((s) => cut(s, action.characters, prose));
    case 'case':
      return each((s) => applyCase(s, action.style, locale));
    case 'remove':
      return each((s) => removeWord(s, action.word));
  }
}

function contentOf(field: TextField, raw: string): { value: Value; note: string | null } {
  const plain = toPlainText(raw);
  if (field === 'key_features') {
    const lines = bulletLines(plain);
    const items = (lines.length > 0 ? lines : plain.split(/\n|;/).map(collapseSpaces)).filter((s) => s !== '');
    const kept = items.slice(0, CONTENT_LIMITS.key_features.maxItems).map((s) => truncateWords(s, CONTENT_LIMITS.key_features.maxCharsEach));
    return { value: kept, note: items.length > kept.length ? `key_features keeps the first ${CONTENT_LIMITS.key_features.maxItems} of the ${items.length} given.` : null };
  }
  if (field === 'description') return { value: plain, note: null };
  const text = collapseSpaces(plain);
  if (field === 'meta_keywords')
    return {
      value: text
        .split(/\s*[,;|]\s*/)
        .filter((s) => s !== '')
        .join(', '),
      note: null,
    };
  const limit = LIMIT[field];
  if (limit === undefined || text.length <= limit) return { value: text, note: null };
  return { value: truncateWords(text, limit), note: `${field} was cut to ${limit} characters.` };
}

/** Said when a value opens with an imperative verb but reads as a name, so the caller can tell which was meant. */
function takenAsContent(field: string, text: string): string {
  return `"${text}" was used as the new ${field}: it reads as a name; an instruction is written as a sentence ("Keep the ${field} under 60 characters").`;
}

function setText(record: CountryContent, field: TextField, value: Value): void {
  if (field === 'key_features') record.key_features = Array.isArray(value) ? value : value === null ? [] : [value];
  else record[field] = Array.isArray(value) ? value.join('\n') : value;
}

function textOf(record: CountryContent, field: TextField): Value {
  return field === 'key_features' ? record.key_features : record[field];
}

function regenerateText(
  record: CountryContent,
  rebuilt: BuiltRecord,
  field: Extract<ContentFieldRequest, { kind: 'text' }>,
  notes: ValidationIssue[],
  callerContent: Regenerated['callerContent'],
): void {
  const name = field.name;
  const request = classifyValue(field.value);
  const fresh = textOf(rebuilt.content, name);
  const rebuiltSources = rebuilt.content.sources[name] ?? [];
  if (request.type === 'content') {
    const { value, note } = contentOf(name, request.text);
    setText(record, name, value);
    record.sources[name] = [`caller.fields.${name}`];
    callerContent.push({ id: `caller.fields.${name}`, value: Array.isArray(value) ? value.join('\n') : (value ?? '') });
    if (note !== null) notes.push(validationIssue(name, 'length', note));
    if (request.imperativeFirst === true) notes.push(validationIssue(name, 'instruction', takenAsContent(name, request.text)));
    return;
  }
  setText(record, name, fresh);
  record.sources[name] = rebuiltSources;
  if (request.type === 'empty') return;
  if (request.action === null) {
    notes.push(validationIssue(name, 'instruction', `Instruction for ${name} not applied by the template engine: "${request.text}"; the field was rebuilt from the facts.`));
    return;
  }
  const followed = follow(request.action, fresh, name, rebuilt.locale);
  if (followed === null) notes.push(validationIssue(name, 'instruction', `Instruction for ${name} not applied: the facts give nothing to write in this field.`));
  else setText(record, name, followed);
}

function regenerateAttribute(
  record: CountryContent,
  rebuilt: BuiltRecord,
  field: Extract<ContentFieldRequest, { kind: 'attribute' }>,
  notes: ValidationIssue[],
  callerContent: Regenerated['callerContent'],
): void {
  const { attribute, name } = field;
  const request = classifyValue(field.value);
  if (request.type === 'content') {
    const value = collapseSpaces(toPlainText(request.text));
    record.global_attr[attribute] = value;
    record.sources[name] = [`caller.fields.${name}`];
    callerContent.push({ id: `caller.fields.${name}`, value });
    if (request.imperativeFirst === true) notes.push(validationIssue(name, 'instruction', takenAsContent(name, request.text)));
    return;
  }
  const fresh = rebuilt.content.global_attr[attribute];
  if (fresh === undefined) {
    notes.push(validationIssue(name, 'instruction', `${name} has no fact to rebuild it from and no new content was given; it was left as it was.`));
    return;
  }
  record.global_attr[attribute] = fresh;
  record.sources[name] = rebuilt.content.sources[name] ?? [];
  if (request.type === 'empty') return;
  const followed = request.action === null || request.action.kind === 'shorter' ? null : follow(request.action, fresh, 'attribute', rebuilt.locale);
  if (typeof followed === 'string' && followed !== '') record.global_attr[attribute] = followed;
  else notes.push(validationIssue(name, 'instruction', `Instruction for ${name} not applied by the template engine: "${request.text}"; the attribute was rebuilt from the facts.`));
}

/** The stored record with the requested fields regenerated; messages of earlier regenerations are replaced. */
export function regenerateRecord(existing: CountryContent, rebuilt: BuiltRecord, fields: readonly ContentFieldRequest[]): Regenerated {
  const record: CountryContent = structuredClone(existing);
  const notes: ValidationIssue[] = [];
  const callerContent: Regenerated['callerContent'] = [];
  for (const field of fields) {
    if (field.kind === 'text') regenerateText(record, rebuilt, field, notes, callerContent);
    else regenerateAttribute(record, rebuilt, field, notes, callerContent);
  }
  const notApplied = rebuilt.content.validation_issues.filter((i) => i.check === 'note_not_applied');
  record.validation_issues = [
    ...record.validation_issues.filter((i) => !i.message.startsWith('Regeneration:') && i.check !== 'note_not_applied'),
    ...notApplied,
    ...notes.map((n) => ({ ...n, message: `Regeneration: ${n.message}` })),
  ];
  return { record, callerContent };
}
