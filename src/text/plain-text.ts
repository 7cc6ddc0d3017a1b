// Everything Vetrina publishes is plain text: markup a model, a source or a caller wrote is
// removed here, with a maintained HTML parser (sanitize-html) rather than patterns of our own.
import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

/** Elements whose content is code or chrome, not product text: dropped with the element. */
const DISCARDED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'option',
  'select',
  'xmp',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'title',
];

/** Elements that end a line, so "<p>One</p><p>Two</p>" reads as two lines rather than "OneTwo". */
const LINE_BREAKING = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'dt',
  'dd',
  'hr',
]);

/** Rounds of decode-and-strip before a text is given up: each peels one layer of entity encoding. */
const MAX_ROUNDS = 8;

export interface StrippedText {
  text: string;
  /** Element names removed, in the order first met ("script", "img"); empty when there were none. */
  removed: string[];
  /** True when anything beyond entity decoding changed: tags, comments or their content went. */
  markupRemoved: boolean;
}

/** One pass of the parser: no element kept, line-breaking elements become new lines, list items "- ". */
function stripOnce(html: string, removed: Set<string>): string {
  let pending = '';
  return sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
    nonTextTags: DISCARDED_WITH_CONTENT,
    onOpenTag: (name) => {
      // Only real element names are reported: "<scr<script>" opens an element the parser names "scr<script".
      if (/^[a-z][a-z0-9-]*$/i.test(name)) removed.add(name.toLowerCase());
      if (name === 'li') pending = '\n- ';
      else if (LINE_BREAKING.has(name) && pending === '') pending = '\n';
    },
    onCloseTag: (name) => {
      if (LINE_BREAKING.has(name) && pending === '') pending = '\n';
    },
    textFilter: (text) => {
      const out = pending + text;
      pending = '';
      return out;
    },
  });
}

/** Entities decoded until none is left (bounded), so "&amp;lt;" and "&lt;" compare as "<". */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = decodeHTML(current);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/**
 * The text a reader sees: entities decoded first and markup stripped after, repeated until
 * nothing changes, so "&lt;script&gt;" (or "&amp;lt;script&amp;gt;") cannot come out as a tag.
 * A "<" that opens no tag ("< 5 % fat", "3 > 2") is text and stays. A text still changing after
 * the last round is encoded deeper than any real text and is dropped. Lone UTF-16 surrogates,
 * which PostgreSQL cannot store as JSON, become U+FFFD.
 */
export function stripMarkup(input: string): StrippedText {
  // Without "<" there is no tag and without "&" no entity: most text needs no parsing at all.
  if (!input.includes('<') && !input.includes('&')) return { text: input.toWellFormed(), removed: [], markupRemoved: false };
  const removed = new Set<string>();
  let current = input.toWellFormed();
  let stable = false;
  for (let round = 0; round < MAX_ROUNDS && !stable; round++) {
    const next = decodeHTML(stripOnce(decodeHTML(current), removed));
    stable = next === current;
    current = next;
  }
  if (!stable) return { text: '', removed: [...removed], markupRemoved: true };
  return { text: current, removed: [...removed], markupRemoved: removed.size > 0 || current !== decodeFully(input.toWellFormed()) };
}

/**
 * A published text field: markup stripped, and where markup was removed the lines it left are
 * tidied (spaces collapsed, empty lines dropped). Text without markup keeps its exact layout.
 */
export function plainText(input: string): StrippedText {
  const stripped = stripMarkup(input);
  if (!stripped.markupRemoved) return stripped;
  return { ...stripped, text: tidyLines(stripped.text) };
}

/** Spaces within each line collapsed, lines trimmed, empty lines dropped. */
export function tidyLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** An http(s) URL with a host, as a published link or image must be; `javascript:`, `data:` and the rest are not. */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value.trim())) return false;
  const url = new URL(value.trim());
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

/** What a record's `validation_messages` says about one field whose markup was removed. */
export function markupMessage(field: string, removed: readonly string[]): string {
  return removed.length > 0 ? `Markup was removed from the ${field} (${removed.join(', ')}).` : `Markup was removed from the ${field}.`;
}
