// short_description and description: an opening sentence from a per-language template, the
// sources' own description text (never translated), and labelled facts ("Ingredienti: …"). Pure.
import { canonicalText } from '../grounding.ts';
import { isPromotional } from './claims.ts';
import type { RecordContext, Sourced } from './context.ts';
import { fill, type LabelKey } from './language-pack.ts';
import { CONTENT_LIMITS } from '../../domain/content-limits.ts';
import { mentionsAny } from './notes.ts';
import { isCompanyName } from './title.ts';
import { bulletLines, collapseSpaces, containsWord, fitSentences, removeWord, sentences } from './text.ts';
import { truncateWords } from '../../text/words.ts';

export interface Body {
  /** Prose sentences of the description facts, after the medicine and notes filters. */
  prose: Sourced[];
  /** List items of the description facts, same filters. */
  bullets: Sourced[];
  /** "Label: value" pairs of spec runs ("Product type: Headset. Connectivity: Bluetooth."), not prose. */
  specs: Sourced[];
  /** Sentences left out because a medicine's text must not promote. */
  promotionalDropped: number;
}

const BULLET_MARK = /^\s*([-*•·▪]|\d+[.)])\s+/;

/** The ways the facts write the product's name ("UltraSharp U2723QE", "DELL UltraSharp U2723QE"), canonical. */
function namesOf(ctx: RecordContext): string[] {
  const brand = ctx.parts.brand?.text;
  const names = [ctx.name.text, ctx.parts.nameText];
  return [...new Set(names.flatMap((n) => (brand === undefined ? [n] : [n, `${brand} ${n}`])).map((n) => canonicalText(n)))];
}

/**
 * A source sentence that only restates the name ("DELL UltraSharp U2723QE.") says nothing the
 * opening sentence has not: null. A list item that opens with the name ("DELL UltraSharp
 * U2723QE, 68.6 cm (27"), …") keeps what follows it.
 */
function restatesName(text: string, names: readonly string[]): boolean {
  return names.includes(canonicalText(text).replace(/[\s.;:!]+$/u, ''));
}

function withoutName(text: string, names: readonly string[], locale: string): string | null {
  const canonical = canonicalText(text).replace(/[\s.;:!]+$/u, '');
  if (names.includes(canonical)) return null;
  for (const name of names) {
    if (!canonical.startsWith(`${name},`) && !canonical.startsWith(`${name}:`) && !canonical.startsWith(`${name} -`)) continue;
    // The same number of words in the source text, so its own spelling is kept for the rest.
    const words = name.split(' ').length;
    const rest = text
      .split(/\s+/)
      .slice(words)
      .join(' ')
      .replace(/^[\s,;:–-]+/u, '');
    if (rest.length < 3) return null;
    return rest.charAt(0).toLocaleUpperCase(locale) + rest.slice(1);
  }
  return text;
}

const SPEC_LABEL = String.raw`\p{Lu}[\p{L}\p{N} ()/-]{0,40}?`;
const SPEC_PAIR = new RegExp(String.raw`^(${SPEC_LABEL})\s?:\s+(\S.*)$`, 'u');
// Where one pair ends and the next begins inside a sentence: ", Bluetooth version: 5.2".
const NEXT_PAIR = new RegExp(String.raw`,\s+(?=${SPEC_LABEL}\s?:\s)`, 'u');

/** The "Label: value" pairs of a sentence made only of short ones (a value of five words at most), else null. */
function specPairsOf(sentence: string): string[] | null {
  const pieces = sentence
    .replace(/[.;]+$/u, '')
    .split(NEXT_PAIR)
    .map((p) => p.trim());
  const short = (piece: string) => {
    const value = SPEC_PAIR.exec(piece)?.[2];
    return value !== undefined && value.split(/\s+/).length <= 5;
  };
  return pieces.every(short) ? pieces : null;
}

/**
 * Sentences that belong to a spec run: a sentence of two pairs or more and the one-pair sentences
 * next to it, or three consecutive one-pair sentences. "Colore: nero." alone, or a prose sentence
 * with a colon followed by "Dosaggio: 50 ml per carico normale.", stays prose.
 */
function specRuns(found: readonly string[]): Map<number, string[]> {
  const pairs = found.map(specPairsOf);
  const isPair = (i: number) => (pairs[i] ?? null) !== null;
  const isMany = (i: number) => (pairs[i]?.length ?? 0) >= 2;
  const runs = new Map<number, string[]>();
  pairs.forEach((p, i) => {
    if (p === null) return;
    const inRun = (isPair(i - 2) && isPair(i - 1)) || (isPair(i - 1) && isPair(i + 1)) || (isPair(i + 1) && isPair(i + 2));
    if (isMany(i) || isMany(i - 1) || isMany(i + 1) || inRun) runs.set(i, p);
  });
  return runs;
}

/** Splits the description facts into prose sentences and list items, dropping what must not be said. */
export function bodyOf(ctx: RecordContext): Body {
  const prose: Sourced[] = [];
  const bullets: Sourced[] = [];
  const specs: Sourced[] = [];
  let promotionalDropped = 0;
  const names = namesOf(ctx);
  const locale = ctx.pack.locale;
  const keep = (text: string) => {
    if (ctx.kind === 'medicine' && isPromotional(text)) {
      promotionalDropped += 1;
      return false;
    }
    return !mentionsAny(text, ctx.notes.avoid);
  };
  for (const fact of ctx.descriptions) {
    const ids = [fact.id];
    const items = bulletLines(fact.text);
    // A short one-line description among several (Icecat bullet points) is a bullet itself; one
    // that ends as a sentence does ("… featuring IPS Black technology.") is prose.
    const lone =
      ctx.descriptions.length > 1 &&
      items.length === 0 &&
      !fact.text.includes('\n') &&
      fact.text.length <= 150 &&
      sentences(fact.text).length === 1 &&
      !/[.!?]["”»)]?$/u.test(fact.text.trim());
    const bullet = (text: string) => {
      const rest = withoutName(text, names, locale);
      if (rest !== null && keep(rest)) bullets.push({ text: rest.replace(/[.;]+$/, ''), ids });
    };
    if (lone) {
      bullet(fact.text);
      continue;
    }
    for (const item of items) bullet(item);
    const lines = fact.text.split('\n').filter((line) => !BULLET_MARK.test(line));
    let found = sentences(lines.join('\n'));
    if (ctx.name.fromDescription && ctx.name.fact.id === fact.id) found = found.slice(1);
    const runs = specRuns(found);
    found.forEach((sentence, i) => {
      if (restatesName(sentence, names) || !keep(sentence)) return;
      const pairs = runs.get(i);
      if (pairs === undefined) prose.push({ text: sentence, ids });
      else for (const pair of pairs) if (keep(pair)) specs.push({ text: pair, ids });
    });
  }
  return { prose, bullets, specs, promotionalDropped };
}

/** "{name} di {brand}, in confezione da {quantity}." with what the facts give. */
export function introOf(ctx: RecordContext): Sourced {
  const { parts, pack, attributes } = ctx;
  const ids = [ctx.name.fact.id];
  let text = parts.nameText;
  const brand = parts.brand;
  if (brand !== undefined && !isCompanyName(brand.text) && !containsWord(text, brand.text)) {
    text = fill(pack.templates.byBrand, { name: text, brand: brand.text });
    ids.push(brand.id);
  }
  // A medicine's strength follows the name, as on the box ("Tachipirina 500 mg").
  if (parts.strengthText !== null) {
    text = `${text} ${parts.strengthText}`;
    if (parts.ids.strength !== null) ids.push(parts.ids.strength);
  }
  const fromTitle = parts.quantityText !== null;
  const quantity = parts.quantityText ?? (/\d/.test(parts.nameText) ? null : (attributes.values.net_quantity ?? null));
  if (quantity !== null) {
    // "pack of 20 tablets" reads better than "20 tablets pack" where the language says so.
    const counted = !/\d\s?(?:%|[\p{L}]{1,2})$/u.test(quantity) && pack.templates.withCount !== undefined;
    text = fill(counted ? (pack.templates.withCount ?? pack.templates.withQuantity) : pack.templates.withQuantity, { text, quantity });
    ids.push(...(fromTitle && parts.ids.quantity !== null ? [parts.ids.quantity] : (attributes.sources.net_quantity ?? [])));
  }
  for (const word of ctx.notes.avoid) text = removeWord(text, word) || text;
  return { text: /[.!?]$/.test(text) ? text : `${text}.`, ids };
}

const LABELLED: readonly LabelKey[] = [
  'category',
  'active_ingredient',
  'pharmaceutical_form',
  'supply_regime',
  'ingredients',
  'allergens',
  'material',
  'colour',
  'size',
  'dimensions',
];

function isForeign(ctx: RecordContext, ids: readonly string[]): boolean {
  return ctx.view.facts.some((f) => ids.includes(f.id) && f.language !== null && f.language !== ctx.target);
}

/** "Label: value." lines for the facts a shopper of this kind of product looks for. */
export function labelledLines(ctx: RecordContext, body: Body): Sourced[] {
  const said = canonicalText([...body.prose, ...body.bullets, ...body.specs].map((s) => s.text).join('\n'));
  const out: Sourced[] = [];
  for (const key of LABELLED) {
    if (key === 'ingredients' && ctx.kind === 'medicine') continue;
    const value = ctx.attributes.values[key];
    if (value === undefined || said.includes(canonicalText(value)) || mentionsAny(value, ctx.notes.avoid)) continue;
    // A category in another language ("Categoria: Natural mineral waters") reads as a mistake in
    // the text; it stays in global_attr. Ingredients and allergens are kept whatever their language.
    if (key === 'category' && isForeign(ctx, ctx.attributes.sources.category ?? [])) continue;
    const line = `${ctx.pack.labels[key]}${ctx.pack.colon}${value}`;
    out.push({ text: /[.!?]$/.test(line) ? line : `${line}.`, ids: ctx.attributes.sources[key] ?? [] });
  }
  return out;
}

export interface Descriptions {
  short: Sourced | null;
  description: Sourced | null;
  body: Body;
}

/** Both descriptions, or null when the facts say nothing beyond the name and brand. */
export function buildDescriptions(ctx: RecordContext): Descriptions {
  const body = bodyOf(ctx);
  const intro = introOf(ctx);
  const labelled = labelledLines(ctx, body);
  const hasQuantity = intro.ids.length > 1 && /\d/.test(intro.text);
  if (body.prose.length === 0 && body.bullets.length === 0 && body.specs.length === 0 && labelled.length === 0 && !hasQuantity) {
    return { short: null, description: null, body };
  }

  const shortPieces = [intro, ...(body.prose.length > 0 ? body.prose : labelled)];
  let short = '';
  const shortIds: string[] = [];
  for (const piece of shortPieces) {
    const next = short ? `${short} ${piece.text}` : piece.text;
    if (next.length > CONTENT_LIMITS.short_description.maxChars) break;
    short = next;
    shortIds.push(...piece.ids);
  }
  if (short === '') {
    short = fitSentences(intro.text, CONTENT_LIMITS.short_description.maxChars);
    shortIds.push(...intro.ids);
  }

  const lines: string[] = [intro.text];
  const ids: string[] = [...intro.ids];
  for (const fact of ctx.descriptions) {
    const prose = body.prose.filter((p) => p.ids.includes(fact.id)).map((p) => p.text);
    const bullets = body.bullets.filter((b) => b.ids.includes(fact.id)).map((b) => `- ${b.text}`);
    if (prose.length === 0 && bullets.length === 0) continue;
    if (prose.length > 0) lines.push(collapseSpaces(prose.join(' ')));
    lines.push(...bullets);
    ids.push(fact.id);
  }
  // Spec pairs as lines of their own after the text, each once, and before the engine's labelled facts.
  const lineSet = new Set<string>();
  for (const line of [...body.specs.map((p) => ({ ...p, text: /[.!?]$/.test(p.text) ? p.text : `${p.text}.` })), ...labelled]) {
    const key = canonicalText(line.text);
    if (lineSet.has(key)) continue;
    lineSet.add(key);
    lines.push(line.text);
    ids.push(...line.ids);
  }
  return {
    short: { text: truncateWords(short, CONTENT_LIMITS.short_description.maxChars), ids: [...new Set(shortIds)] },
    description: { text: lines.join('\n'), ids: [...new Set(ids)] },
    body,
  };
}
