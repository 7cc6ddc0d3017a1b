// One country's full record from the facts: every field, its sources, and what the merchant
// should know (validation messages). Pure apart from reading the prepared facts.
import type { CountryContent } from '../../domain/content.ts';
import { numberLocale } from '../../domain/numbers.ts';
import { evidenceOf, findUngroundedIn, type Evidence } from '../grounding.ts';
import { buildAttributes } from './attributes.ts';
import type { RecordContext } from './context.ts';
import { buildDescriptions } from './descriptions.ts';
import { kindOf, languageName, pickGroup, type CleanFact, type FactView } from './fact-view.ts';
import { buildFeatures } from './features.ts';
import { localiseView } from './local-numbers.ts';
import { packFor } from './pack-for-language.ts';
import { CONTENT_LIMITS } from '../../domain/content-limits.ts';
import type { NoteRules } from './notes.ts';
import { metaDescription, metaKeywords, titleTag } from './seo.ts';
import { buildTitle, chooseName, titleParts, type Title } from './title.ts';
import { issueField, type ValidationCheck, type ValidationIssue, validationIssue } from '../../domain/validation-issue.ts';

export interface BuiltRecord {
  content: CountryContent;
  title: Title;
  locale: string;
}

/** Thrown by the engine as a PermanentGenerationError: nothing to call the product. */
export class NoNameError extends Error {
  override name = 'NoNameError';
}

function foreignMessage(what: string, verb: 'is' | 'are', language: string | null, target: string): string | null {
  if (language === null || language === target) return null;
  return `The ${what} ${verb} in ${languageName(language)}; the template engine does not translate, so it is used as it is in this ${languageName(target)} record.`;
}

function ids(facts: readonly CleanFact[]): string[] {
  return facts.map((f) => f.id);
}

// Every country's record is checked against the same facts: their evidence is read once per view.
const EVIDENCE = new WeakMap<FactView, Evidence>();

function evidenceOfView(view: FactView): Evidence {
  let evidence = EVIDENCE.get(view);
  if (evidence === undefined) {
    evidence = evidenceOf(view.facts.map((f) => ({ value: f.text, language: f.language })));
    EVIDENCE.set(view, evidence);
  }
  return evidence;
}

export function buildRecord(facts: FactView, country: string, language: string, notes: NoteRules): BuiltRecord {
  const { pack: languagePack, supported } = packFor(language);
  // Numbers follow the record's language as its country writes it (de-CH: "0.75 l"), and the
  // facts' amounts are rewritten so: every field built from them states them in that style.
  // A language without a pack still writes its own numbers (Swedish "1,5 l" under English labels).
  const pack = { ...languagePack, locale: numberLocale(language, country, supported ? languagePack.locale : language) };
  const view = localiseView(facts, pack.locale);
  const name = chooseName(view, language);
  if (name === null) throw new NoNameError('There is no product name or description in the facts to write a title from.');
  const { kind } = kindOf(view);
  const parts = titleParts(view, language, pack, name, notes, kind);
  const descriptions = pickGroup(view, 'description', language);
  const texts = [...(name.fromDescription ? [] : [name.fact]), ...descriptions];
  const attributes = buildAttributes(view, kind, language, pack, texts);
  const ctx: RecordContext = { view, target: language, pack, kind, notes, name, parts, attributes, descriptions };

  const title = buildTitle(parts, pack, notes);
  const { short, description, body } = buildDescriptions(ctx);
  const features = buildFeatures(ctx, body);
  const tag = titleTag(title);
  const meta = metaDescription(short, description, title);
  const keywords = metaKeywords(ctx);

  const issues: ValidationIssue[] = [];
  const say = (field: string | null, check: ValidationCheck, message: string): void => {
    issues.push(validationIssue(field, check, message));
  };
  if (!supported) {
    say(null, 'language_pack', `The template engine has no language pack for ${languageName(language)} (${language}); labels and sentences are in English.`);
  }
  if (name.fromDescription) say('title', 'title_from_description', 'The facts give no product name; the title is the first sentence of the description.');
  const foreign: [string, string | null][] = [
    ['title', foreignMessage('product name', 'is', name.fromDescription ? null : name.fact.language, language)],
    ['description', foreignMessage('description', 'is', descriptions[0]?.language ?? null, language)],
    [
      'global_attr.ingredients',
      attributes.values.ingredients === undefined
        ? null
        : foreignMessage('ingredients list', 'is', view.facts.find((f) => attributes.sources.ingredients?.includes(f.id))?.language ?? null, language),
    ],
    [
      'global_attr.allergens',
      attributes.values.allergens === undefined
        ? null
        : foreignMessage('allergens', 'are', view.facts.find((f) => attributes.sources.allergens?.includes(f.id))?.language ?? null, language),
    ],
  ];
  for (const [field, m] of foreign) if (m !== null && !issues.some((i) => i.message === m)) say(field, 'untranslated', m);
  if (attributes.foreign.size > 0) {
    const list = [...attributes.foreign].map(([attr, lang]) => `${attr} (${languageName(lang)})`).join(', ');
    say('global_attr', 'untranslated', `These attribute values are in another language and were not translated: ${list}.`);
  }
  if (attributes.untagged.size > 0) {
    const list = [...attributes.untagged].map(([attr, value]) => `${attr} ("${value}")`).join(', ');
    say('global_attr', 'unknown_language', `These attribute values state no language and are shown as they are under ${languageName(language)} labels: ${list}.`);
  }
  if (description === null) say('description', 'no_description', 'The facts say nothing beyond the product name and brand, so the record has no description or short description.');
  if (features.items.length < CONTENT_LIMITS.key_features.minItemsWanted) {
    say(
      'key_features',
      'few_key_features',
      `Only ${features.items.length} key feature(s): the facts support no more, and the template engine does not add invented ones (${CONTENT_LIMITS.key_features.minItemsWanted} to ${CONTENT_LIMITS.key_features.maxItems} are expected).`,
    );
  }
  if (body.promotionalDropped > 0) {
    say('description', 'promotional', `${body.promotionalDropped} promotional sentence(s) or bullet(s) of the source were left out: a medicine's text must not promote it.`);
  }
  for (const note of notes.notApplied) say(null, 'note_not_applied', `Note not applied by the template engine: "${note}".`);

  const attrIds = [...new Set(Object.values(attributes.sources).flat())];
  const sources: Record<string, string[]> = {
    title: title.sources,
    short_description: short === null ? [] : [...short.ids],
    description: description === null ? [] : [...description.ids],
    key_features: features.ids,
    global_attr: attrIds,
    title_tag: title.sources,
    meta_description: [...meta.ids],
    meta_keywords: [...new Set([...(parts.brand === undefined ? [] : [parts.brand.id]), ...(attributes.sources.category ?? []), name.fact.id])],
    images: ids(view.facts.filter((f) => f.key === 'image')),
  };
  for (const [attr, attrSources] of Object.entries(attributes.sources)) sources[`global_attr.${attr}`] = attrSources;

  const content: CountryContent = {
    country,
    language,
    title: title.value,
    short_description: short?.text ?? null,
    description: description?.text ?? null,
    key_features: features.items,
    global_attr: attributes.values,
    title_tag: tag,
    meta_description: meta.text,
    meta_keywords: keywords,
    // The service fills images (source URLs, or paid standardised renditions) for every engine.
    images: [],
    sources,
    validation_issues: issues,
  };
  // The engine is built never to invent; a finding here is a bug, shown rather than hidden.
  for (const problem of findUngroundedIn(content, evidenceOfView(facts), pack.locale)) {
    content.validation_issues.push(
      validationIssue(issueField(problem.field), 'ungrounded', `Grounding check: ${problem.field} states "${problem.value}", which no fact supports.`),
    );
  }
  return { content, title, locale: pack.locale };
}
