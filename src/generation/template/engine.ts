import type { CountryContent } from '../../domain/content.ts';
import type { FieldRequest } from '../../domain/regenerate-fields.ts';
import { PermanentGenerationError, type ContentEngine, type EngineInput, type EngineOutput } from '../../services/ports.ts';
import {
  bulletLines,
  collapseSpaces,
  findNetQuantity,
  containsWord,
  sentences,
  slugify,
  toPlainText,
  truncateWords,
} from './text.ts';

export const LIMITS = {
  title: 150,
  shortDescription: 250,
  titleTag: 60,
  metaDescription: 160,
  keyFeatures: 7,
  keyFeatureLength: 200,
  keywords: 10,
} as const;

/** Facts the record may state, each with where it came from. Nothing outside them is written. */
interface Facts {
  title: string | null;
  brand: string | null;
  description: string | null;
  images: string[];
}

function factsOf(input: EngineInput): Facts {
  const p = input.product;
  const clean = (text: string | null) => (text === null ? null : toPlainText(text) || null);
  return { title: clean(p.title), brand: clean(p.brand), description: clean(p.description), images: p.images };
}

function buildTitle(facts: Facts): { value: string; sources: string[] } | null {
  const base = facts.title ?? (facts.description === null ? null : truncateWords(sentences(facts.description)[0] ?? '', 80));
  if (!base) return null;
  const sources = [facts.title === null ? 'caller.description' : 'caller.title'];
  let title = collapseSpaces(base.replace(/[.]+$/, ''));
  if (facts.brand !== null && !containsWord(title, facts.brand)) {
    title = `${facts.brand} ${title}`;
    sources.push('caller.brand');
  }
  return { value: truncateWords(title, LIMITS.title), sources };
}

function buildShortDescription(facts: Facts): string | null {
  if (facts.description === null) return null;
  // Prose only: list items belong in key features, not glued into a snippet with their dashes.
  const bullets = new Set(bulletLines(facts.description));
  const prose = facts.description
    .split('\n')
    .filter((line) => !bullets.has(collapseSpaces(line.replace(/^\s*([-*•·▪]|\d+[.)])\s+/, ''))))
    .join('\n');
  let short = '';
  for (const sentence of sentences(prose || facts.description)) {
    const next = short ? `${short} ${sentence}` : sentence;
    if (next.length > LIMITS.shortDescription) break;
    short = next;
  }
  return short || truncateWords(facts.description, LIMITS.shortDescription);
}

function buildKeyFeatures(facts: Facts): string[] {
  if (facts.description === null) return [];
  const bullets = bulletLines(facts.description);
  const candidates = bullets.length >= 2 ? bullets : sentences(facts.description).slice(bullets.length > 0 ? 0 : 1);
  return candidates
    .map((c) => truncateWords(c.replace(/[.;]+$/, ''), LIMITS.keyFeatureLength))
    .filter((c) => c.length >= 3)
    .slice(0, LIMITS.keyFeatures);
}

function buildKeywords(title: string, brand: string | null): string {
  const words = [brand, ...title.split(/[\s,/|()]+/)]
    .filter((w): w is string => w !== null)
    .map((w) => w.toLocaleLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w));
  return [...new Set(words)].slice(0, LIMITS.keywords).join(', ');
}

function languageName(language: string): string {
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
}

function fullRecord(facts: Facts, country: string, language: string): CountryContent {
  const title = buildTitle(facts);
  if (title === null) {
    throw new PermanentGenerationError('product_data_not_found', 'There is no title or description to write from.');
  }
  const short = buildShortDescription(facts);
  const features = buildKeyFeatures(facts);
  const attributes: Record<string, string> = {};
  const attrSources: string[] = [];
  if (facts.brand !== null) {
    attributes.brand = facts.brand;
    attrSources.push('caller.brand');
  }
  const quantity = findNetQuantity(facts.title ?? '') ?? findNetQuantity(facts.description ?? '');
  if (quantity !== null) {
    attributes.net_quantity = quantity;
    attrSources.push(facts.title !== null && findNetQuantity(facts.title) !== null ? 'caller.title' : 'caller.description');
  }
  const messages = [
    `The text is the caller's data as sent; the template engine does not translate it into ${languageName(language)}.`,
  ];
  if (facts.description === null) messages.push('No description was given, so the record has no description or key features.');
  else if (features.length < 3) messages.push(`Only ${features.length} key feature(s) could be drawn from the description.`);

  return {
    country,
    language,
    title: title.value,
    short_description: short,
    description: facts.description,
    key_features: features,
    global_attr: attributes,
    title_tag: truncateWords(title.value, LIMITS.titleTag),
    meta_description: truncateWords(short ?? title.value, LIMITS.metaDescription),
    meta_keywords: buildKeywords(title.value, facts.brand) || null,
    images: facts.images.map((url) => ({ url, source: 'caller' })),
    sources: {
      title: title.sources,
      title_tag: title.sources,
      short_description: short === null ? [] : ['caller.description'],
      description: facts.description === null ? [] : ['caller.description'],
      key_features: features.length === 0 ? [] : ['caller.description'],
      meta_description: short === null ? title.sources : ['caller.description'],
      meta_keywords: facts.brand === null ? title.sources : [...new Set([...title.sources, 'caller.brand'])],
      global_attr: attrSources,
      images: facts.images.length === 0 ? [] : ['caller.images'],
    },
    validation_messages: messages,
  };
}

const FIELD_LIMITS: Partial<Record<string, number>> = {
  title: LIMITS.title,
  short_description: LIMITS.shortDescription,
  title_tag: LIMITS.titleTag,
  meta_description: LIMITS.metaDescription,
};

/** Caller-supplied content replaces the field after cleaning; an empty value rebuilds it from the facts. */
function applyField(record: CountryContent, rebuilt: CountryContent, field: FieldRequest): string | null {
  const value = collapseSpaces(toPlainText(field.value)) ? toPlainText(field.value) : '';
  const source = `caller.fields.${field.name}`;
  if (field.kind === 'attribute') {
    const text = collapseSpaces(value);
    if (text) record.global_attr[field.attribute] = text;
    else if (rebuilt.global_attr[field.attribute] !== undefined) record.global_attr[field.attribute] = rebuilt.global_attr[field.attribute] ?? '';
    else return `global_attr.${field.attribute} has no fact to rebuild it from and no new content was given; it was left as it was.`;
    record.sources[field.name] = text ? [source] : (rebuilt.sources.global_attr ?? []);
    return null;
  }
  if (!value) {
    if (field.name === 'key_features') record.key_features = rebuilt.key_features;
    else record[field.name] = rebuilt[field.name];
    record.sources[field.name] = rebuilt.sources[field.name] ?? [];
    return null;
  }
  record.sources[field.name] = [source];
  if (field.name === 'key_features') {
    const lines = bulletLines(value);
    record.key_features = (lines.length > 0 ? lines : value.split(/\n|;/).map(collapseSpaces)).filter(Boolean).slice(0, LIMITS.keyFeatures);
    return null;
  }
  if (field.name === 'description') {
    record.description = value;
    return null;
  }
  const limit = FIELD_LIMITS[field.name];
  const text = collapseSpaces(value);
  record[field.name] = limit === undefined ? text : truncateWords(text, limit);
  return limit !== undefined && text.length > limit ? `${field.name} was cut to ${limit} characters.` : null;
}

/** Offline, deterministic engine: writes only what the caller's data states. */
export function createTemplateEngine(): ContentEngine {
  return {
    name: 'template',
    async generate(input: EngineInput): Promise<EngineOutput> {
      const facts = factsOf(input);
      const content = input.targets.map(({ country, language }) => {
        const existing = input.existing.find((c) => c.country === country);
        if (input.fields === null || existing === undefined) return fullRecord(facts, country, language);
        const rebuilt = fullRecord(facts, country, language);
        const record: CountryContent = structuredClone(existing);
        record.validation_messages = record.validation_messages.filter((m) => !m.startsWith('Regeneration:'));
        for (const field of input.fields) {
          const note = applyField(record, rebuilt, field);
          if (note !== null) record.validation_messages.push(`Regeneration: ${note}`);
        }
        return record;
      });
      const named = facts.title ?? content[0]?.title ?? null;
      let handle = input.product.productHandle;
      if (handle === null && named !== null) {
        handle = slugify(facts.brand !== null && !containsWord(named, facts.brand) ? `${facts.brand} ${named}` : named);
      }
      return { content, productHandle: handle || null };
    },
  };
}
