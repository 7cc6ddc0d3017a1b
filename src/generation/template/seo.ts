// title_tag, meta_description, meta_keywords and the product handle, from fields already built. Pure.
import { canonicalText } from '../grounding.ts';
import type { RecordContext, Sourced } from './context.ts';
import { CONTENT_LIMITS } from '../../domain/content-limits.ts';
import { fitSentences, sentences } from './text.ts';
import { slugify, truncateWords } from '../../text/words.ts';
import { isCompanyName, type Title } from './title.ts';

/** The whole title when it fits the title tag, else brand and name, cut at a word. */
export function titleTag(title: Title): string {
  if (title.value.length <= CONTENT_LIMITS.title_tag.maxChars) return title.value;
  return truncateWords(title.short.length <= CONTENT_LIMITS.title_tag.maxChars ? title.short : title.value, CONTENT_LIMITS.title_tag.maxChars);
}

/**
 * Whole sentences within the meta description's limit: those of the short description, then the description's
 * further sentences and list items, each taken when it still fits (a long one is skipped, not
 * cut, so a short sentence after it can fill the room). The title when there is no description.
 */
export function metaDescription(short: Sourced | null, description: Sourced | null, title: Title): Sourced {
  if (short === null) return { text: fitSentences(title.value, CONTENT_LIMITS.meta_description.maxChars), ids: title.sources };
  const own = sentences(short.text);
  const more = (description?.text ?? '')
    .split('\n')
    .flatMap((line) => sentences(line.replace(/^-\s+/, '')))
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`));
  let text = '';
  const said = new Set<string>();
  let usedMore = false;
  for (const [index, sentence] of [...own, ...more].entries()) {
    const key = canonicalText(sentence);
    const next = text ? `${text} ${sentence}` : sentence;
    if (said.has(key) || next.length > CONTENT_LIMITS.meta_description.maxChars) continue;
    text = next;
    said.add(key);
    if (index >= own.length) usedMore = true;
  }
  if (text === '') return { text: fitSentences(short.text, CONTENT_LIMITS.meta_description.maxChars), ids: short.ids };
  return { text, ids: usedMore && description !== null ? [...new Set([...short.ids, ...description.ids])] : short.ids };
}

/** Up to ten distinct words and phrases: brand, category, then the name's and variant's words. */
export function metaKeywords(ctx: RecordContext): string | null {
  const locale = ctx.pack.locale;
  const stop = new Set(ctx.pack.stopwords);
  // A company (a medicine's authorisation holder) is not what shoppers search for.
  const brand = ctx.parts.brand === undefined || isCompanyName(ctx.parts.brand.text) ? undefined : ctx.parts.brand.text;
  const phrases = [brand, ctx.attributes.values.category, ctx.attributes.values.active_ingredient].filter((p): p is string => p !== undefined && p.length <= 40);
  const words = [...phrases, ...`${ctx.parts.nameText} ${ctx.parts.variantText ?? ''}`.split(/[\s,/|()+]+/)]
    .map((w) => w.toLocaleLowerCase(locale).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length >= 3 && !/\d/.test(w) && !stop.has(w) && !ctx.notes.avoid.some((a) => w.includes(a.toLocaleLowerCase(locale))));
  const unique = [...new Set(words)].slice(0, CONTENT_LIMITS.meta_keywords.maxItems);
  return unique.length > 0 ? unique.join(', ') : null;
}

/** A URL slug of the title without its quantity: brand and name. */
export function productHandle(title: Title): string | null {
  return slugify(title.short) || slugify(title.value) || null;
}
