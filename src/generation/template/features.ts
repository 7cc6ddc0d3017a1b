// key_features: 3 to 7 bullets from the most informative facts, one per distinct statement;
// fewer when the facts support fewer (never padded). Pure.
import { canonicalText } from '../grounding.ts';
import { ACRONYMS } from './casing.ts';
import type { RecordContext, Sourced } from './context.ts';
import type { Body } from './descriptions.ts';
import { fill, type LabelKey } from './language-pack.ts';
import { CONTENT_LIMITS } from '../../domain/content-limits.ts';
import { isMeasurementName, MEASUREMENT_ORDER, measurementLabel } from './measurement-labels.ts';
import { mentionsAny } from './notes.ts';
import { sentences } from './text.ts';
import { truncateWords } from '../../text/words.ts';

// Attributes shown as "Label: value" bullets, by kind: what a shopper compares first.
const BY_KIND: Readonly<Record<string, readonly LabelKey[]>> = {
  medicine: ['active_ingredient', 'pharmaceutical_form', 'supply_regime'],
  food: ['allergens'],
  default: ['material', 'colour', 'size', 'dimensions', 'variant'],
};
// Labels of attributes that free-from and quality claims come in, shown as they are.
const CLAIM_ATTRIBUTES = ['labels', 'label', 'free_from', 'claims', 'certifications'];
// Internal or regulatory attributes a shopper does not need as a bullet.
const NOT_A_FEATURE = new Set([
  'brand',
  'net_quantity',
  'net_weight',
  'net_volume',
  'unit_weight',
  'unit_volume',
  'unit_count',
  'pack_count',
  'category',
  'ingredients',
  'allergens',
  'atc_code',
  'marketing_authorisation_holder',
  'authorisation_status',
  'pack_description',
  'ean',
  'gtin',
  'asin',
  'sku',
  'code',
  'url',
  'title',
  'mpn',
  'model',
  'product_colour',
  'product_type',
  'strength',
  'reimbursement_class',
]);

// Names whose usual spelling a plain "Snake case" → "Snake case" would get wrong.
const LABELS: Readonly<Record<string, string>> = { nutriscore_grade: 'Nutri-Score', nutri_score: 'Nutri-Score', nova_group: 'NOVA group', ecoscore_grade: 'Eco-Score' };

function humanise(name: string): string {
  const known = LABELS[name];
  if (known !== undefined) return known;
  const words = name
    .split('_')
    .filter((w) => w !== '')
    .map((w) => (ACRONYMS.has(w.toUpperCase()) ? w.toUpperCase() : w))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The language a source names its attributes in: English for sources that give text in English
 * (the mappers' snake_case vocabulary), else the one language of its names and descriptions
 * (a shop's own columns: "sockel", "profumo"), or null when that is unknown.
 */
function labelLanguage(ctx: RecordContext, source: string): string | null {
  const languages = new Set(ctx.view.facts.filter((f) => f.source === source && (f.key === 'name' || f.key === 'description') && f.language !== null).map((f) => f.language));
  if (languages.has('en')) return 'en';
  return languages.size === 1 ? ([...languages][0] ?? null) : null;
}

/** Structured bullets from attributes, most informative first. */
function structured(ctx: RecordContext): Candidate[] {
  const { values, sources } = ctx.attributes;
  const { pack } = ctx;
  const out: Candidate[] = [];
  const add = (text: string, name: string) => out.push({ text, ids: sources[name] ?? [], attribute: name });
  const line = (label: string, value: string) => `${label}${pack.colon}${value}`;

  // A medicine's "500 mg" is its strength, already in the title: not a pack content.
  if (values.net_quantity !== undefined && values.strength === undefined) add(line(pack.labels.contents, values.net_quantity), 'net_quantity');
  else if (values.pack_count !== undefined) add(fill(pack.templates.packOf, { count: values.pack_count }), 'pack_count');
  if (ctx.kind === 'food' && values.allergens !== undefined) add(fill(pack.templates.contains, { allergens: values.allergens }), 'allergens');
  for (const name of CLAIM_ATTRIBUTES) if (values[name] !== undefined) add(values[name] ?? '', name);
  // Measurements (power, luminous flux, battery life …) labelled in the record's language, so a
  // short description still gives the features its attributes support.
  for (const name of MEASUREMENT_ORDER) {
    const value = values[name];
    if (value !== undefined) add(line(measurementLabel(name, ctx.target), value), name);
  }
  const keys = ctx.kind === 'medicine' ? [...(BY_KIND.medicine ?? []), ...(BY_KIND.default ?? [])] : (BY_KIND.default ?? []);
  for (const key of keys) {
    const value = values[key];
    if (value !== undefined) add(line(pack.labels[key], value), key);
  }
  // What the product is (its most specific category) and a short ingredients list ("Caffè tostato
  // macinato") are statements of their own, written only where the fact is in the record's language.
  if (values.category !== undefined && inTarget(ctx, 'category')) add(line(pack.labels.category, values.category), 'category');
  const ingredients = values.ingredients?.replace(/[.]$/, '');
  if (ingredients !== undefined && ingredients.length <= SHORT_INGREDIENTS && INGREDIENT_KINDS.has(ctx.kind) && inTarget(ctx, 'ingredients')) {
    add(line(pack.labels.ingredients, ingredients), 'ingredients');
  }
  // Nutri-Score is a name in every language; the NOVA group is labelled in the record's language.
  if (ctx.target !== 'en') {
    const score = values.nutriscore_grade ?? values.nutri_score;
    if (score !== undefined) add(line('Nutri-Score', score), values.nutriscore_grade === undefined ? 'nutri_score' : 'nutriscore_grade');
    const nova = NOVA_LABELS[ctx.target];
    if (values.nova_group !== undefined && nova !== undefined) add(line(nova, values.nova_group), 'nova_group');
  }
  // Other source attributes with a short value, labelled by their snake_case name, which the
  // Fact model writes in English: so only in English records, and only with an English value.
  const shown = new Set<string>([...keys, ...CLAIM_ATTRIBUTES, ...MEASUREMENT_ORDER]);
  for (const [name, value] of Object.entries(values)) {
    if (ctx.target !== 'en' || shown.has(name) || NOT_A_FEATURE.has(name) || value.length > 80) continue;
    const fact = ctx.view.facts.find((f) => f.key === 'attribute' && f.attribute === name);
    // Both the value and the label must be English: "Sockel: E27" does not belong in an English record.
    if (fact === undefined || (fact.language ?? 'en') !== 'en' || labelLanguage(ctx, fact.source) !== 'en') continue;
    add(line(humanise(name), value), name);
  }
  return out;
}

// An ingredients list this short reads as one statement ("Roasted ground coffee"); a longer one
// belongs to the description.
const SHORT_INGREDIENTS = 80;
const INGREDIENT_KINDS: ReadonlySet<string> = new Set(['food', 'beauty', 'pet_food']);
const NOVA_LABELS: Readonly<Record<string, string>> = {
  it: 'Gruppo NOVA',
  de: 'NOVA-Gruppe',
  fr: 'Groupe NOVA',
  es: 'Grupo NOVA',
  nl: 'NOVA-groep',
  pt: 'Grupo NOVA',
  pl: 'Grupa NOVA',
};

/** Whether the facts an attribute came from are written in the record's language. */
function inTarget(ctx: RecordContext, attribute: string): boolean {
  const ids = ctx.attributes.sources[attribute] ?? [];
  return ids.length > 0 && ctx.view.facts.every((f) => !ids.includes(f.id) || f.language === ctx.target);
}

/** A key feature candidate; a structured one names the attribute it states. */
interface Candidate extends Sourced {
  attribute?: string;
}

export interface Features {
  items: string[];
  ids: string[];
}

/** Source bullets first (up to four), then structured facts, then the remaining source bullets. */
export function buildFeatures(ctx: RecordContext, body: Body): Features {
  // Without list items, the statements of the description's sentences read as bullets: "Shampoo
  // delicato per uso frequente con estratto di camomilla" states two things, and gives two.
  const fromText =
    body.bullets.length > 0
      ? body.bullets.flatMap((b) => statementsOf(b, ctx.pack.locale, false))
      : body.prose.flatMap((s) => statementsOf(s, ctx.pack.locale, true)).filter((s) => s.text.length <= 120);
  const facts = structured(ctx);
  // Spec pairs of the source text ("Display technology: LCD") are labelled in the source's words:
  // shown only where the text is in the record's language.
  const specs = body.specs.filter((s) => ctx.view.facts.some((f) => s.ids.includes(f.id) && (f.language === null || f.language === ctx.target)));
  const ordered = [...fromText.slice(0, 4), ...facts, ...specs, ...fromText.slice(4)];
  const items: string[] = [];
  const ids: string[] = [];
  const said: string[] = [];
  // A structured fact a sentence already states is held back, and comes back only while the
  // list is short of the minimum: a measurement inside a long sentence is hard to find.
  const heldBack: Candidate[] = [];
  const take = (candidate: Candidate, sentenceMentions: 'skip' | 'allow') => {
    if (items.length >= CONTENT_LIMITS.key_features.maxItems) return;
    const text = truncateWords(candidate.text.replace(/[.;:]+$/, ''), CONTENT_LIMITS.key_features.maxCharsEach);
    if (text.length < 2 || mentionsAny(text, ctx.notes.avoid) || mentionsAny(text, ctx.notes.omitFeaturesAbout, true)) return;
    const canonical = canonicalText(text);
    const value = canonical.split(/\s*:\s*/).at(-1) ?? canonical;
    // The same value under another label ("Colore: nero" from the source, "Farbe: nero" from the facts) is said once.
    if (said.some((s) => s === canonical || s.split(/\s*:\s*/).at(-1) === value)) return;
    // A structured fact already stated by a source bullet ("Confezione da 500 g", "20W USB-C") is
    // held back; it comes back only where the bullet is a long sentence, never beside one that
    // says little more than the value ("Potenza 8,6 W" and "Potenza: 8,6 W").
    const statedIn = said.filter((s) => containsWords(s, value));
    if (statedIn.length > 0 && (/\d/.test(value) || isMeasurementName(candidate.attribute ?? ''))) {
      if (sentenceMentions === 'skip') heldBack.push(candidate);
      if (sentenceMentions === 'skip' || statedIn.some((s) => s.includes(':') || wordCount(removeWords(s, value)) <= 2)) return;
    }
    items.push(text);
    ids.push(...candidate.ids);
    said.push(canonical);
  };
  for (const candidate of ordered) take(candidate, 'skip');
  for (const candidate of heldBack) if (items.length < CONTENT_LIMITS.key_features.minItemsWanted) take(candidate, 'allow');
  return { items, ids: [...new Set(ids)] };
}

// Words that join a second statement to a first: "… con estratto di camomilla", "… with a nano receiver".
const WITH = /\s(?:con|with|mit|avec|met|com|z|ze)\s(?=\p{L})/u;
// A clause with these words is not cut: "senza parabeni, siliconi e coloranti" would leave
// "siliconi e coloranti", which says the opposite, and "Funziona solo con batterie AA" would leave
// "Funziona solo"; a negation, an alternative, "only" or a compatibility binds the whole clause.
const NOT_SPLIT =
  /(?<![\p{L}])(?:senza|without|free|ohne|frei|sans|sin|zonder|sem|bez|non|not|no|nicht|kein\p{L}*|ne|pas|niet|geen|nie|não|ni|nor|neither|weder|or|oder|o|ou|lub|albo|solo|soltanto|only|nur|seulement|uniquement|sólo|solamente|alleen|apenas|só|tylko|compatibil\p{L}*|compatible|kompatibel|compatível|zgodn\p{L}*)(?![\p{L}])/iu;

// "A, B and C" is one enumeration, not three statements: "für Gesicht, Körper und Hände".
const ENUMERATION = /(?<![\p{L}])(?:and|und|e|ed|et|y|en|i|oraz|as well as|such as|wie|come|comme|como|zoals|jak)(?![\p{L}])/iu;

/** Words as a reader counts them: "LED-Birne" is one. */
function words(text: string): number {
  return text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

function capitalise(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/**
 * The distinct statements of a source sentence or bullet, each a candidate of its own: its
 * sentences, then (for prose) its clauses: at ";", after a heading ("Shampoo protettivo …:
 * protegge il colore …"), at commas between clauses of two words or more, and before "con",
 * "with", "mit" … joining a second statement. Every piece is the source's own words, so nothing
 * is added; a piece under two words stays with its neighbour.
 */
function statementsOf(source: Sourced, locale: string, prose: boolean): Sourced[] {
  const pieces: string[] = [];
  for (const sentence of sentences(source.text)) {
    const bare = sentence.replace(/[.!?]+$/u, '').trim();
    if (!prose) {
      pieces.push(bare);
      continue;
    }
    for (const clause of bare.split(/\s*;\s*/u)) pieces.push(...clausesOf(clause));
  }
  const out = pieces.filter((p) => words(p) > 0).map((text, i) => ({ text: i === 0 ? text : capitalise(text, locale), ids: source.ids }));
  return out.length === 0 ? [source] : out;
}

function clausesOf(clause: string): string[] {
  // A heading before a colon: "Label: value" pairs (a label of three words or fewer) stay whole.
  const colon = /^(.+?):\s+(.+)$/u.exec(clause);
  if (colon?.[1] !== undefined && colon[2] !== undefined && words(colon[1]) > 3 && words(colon[2]) >= 2) return [...clausesOf(colon[1]), ...clausesOf(colon[2])];
  const parts: string[] = [];
  const commaParts = clause.split(/,\s+(?!\d)/u);
  const enumeration = commaParts.length > 1 && commaParts.slice(1).some((p) => ENUMERATION.test(p));
  if (NOT_SPLIT.test(clause)) return [clause];
  const byComma = !enumeration && commaParts.length > 1 && commaParts.every((p) => words(p) >= 2) ? commaParts : [clause];
  for (const part of byComma) {
    const at = WITH.exec(part);
    const head = at === null ? part : part.slice(0, at.index);
    const tail = at === null ? '' : part.slice(at.index + 1);
    if (at !== null && words(head) >= 2 && words(tail) >= 3) parts.push(head, tail);
    else parts.push(part);
  }
  return parts;
}

function wordsPattern(value: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'gu');
}

/** Whether `text` states `value` as whole words: "19 w" does not state "9 w". */
function containsWords(text: string, value: string): boolean {
  return value !== '' && wordsPattern(value).test(text);
}

function removeWords(text: string, value: string): string {
  return text.replace(wordsPattern(value), ' ');
}

function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}
