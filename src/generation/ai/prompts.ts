import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CONTENT_LIMITS } from '../../domain/content-limits.ts';

// Prompts live in versioned files (`<name>.<version>.md`) beside this module. A change of wording
// is a new file with the next version, so every stored generation names the exact text it used.
const PINNED = {
  rules: 2,
  generate: 1,
  draft: 1,
  critic: 2,
  repair: 2,
  images: 1,
  regenerate: 3,
} as const;

export type PromptName = keyof typeof PINNED;

const cache = new Map<PromptName, string>();

const LIMITS_BY_FIELD: Readonly<Record<string, Readonly<Record<string, number>>>> = CONTENT_LIMITS;

/**
 * A prompt quotes the content limits as `{{field.limit}}` (`{{title.maxChars}}`), filled from
 * CONTENT_LIMITS, so the model is told the numbers the length check holds it to. A name the
 * table lacks is an error at the first use, not a prompt that asks for nothing.
 */
function withLimits(name: PromptName, text: string): string {
  return text.replace(/\{\{(\w+)\.(\w+)\}\}/g, (placeholder, field: string, limit: string) => {
    const value = Object.hasOwn(LIMITS_BY_FIELD, field) ? LIMITS_BY_FIELD[field]?.[limit] : undefined;
    if (value === undefined) throw new Error(`prompt ${name} names no content limit ${placeholder}`);
    return String(value);
  });
}

export function prompt(name: PromptName): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = withLimits(name, readFileSync(new URL(`./prompts/${name}.${PINNED[name]}.md`, import.meta.url), 'utf8').trim());
    cache.set(name, text);
  }
  return text;
}

/** The instructions of one step: the fixed rules, then the step's task. */
export function instructionsFor(step: Exclude<PromptName, 'rules'>): string {
  return `${prompt('rules')}\n\n${prompt(step)}`;
}

const ORDER = Object.keys(PINNED) as PromptName[];

/**
 * What a generation records for the prompts it used, in a fixed order, with a short hash of
 * their text: `rules.2,draft.1,critic.2 #1a2b3c4d`. The hash, of the text as sent (limits filled in),
 * catches a file edited in place and a changed limit.
 */
export function promptVersion(used: Iterable<PromptName>): string {
  const set = new Set(used);
  const names = ORDER.filter((name) => set.has(name));
  const hash = createHash('sha256');
  for (const name of names) hash.update(prompt(name)).update('\0');
  return `${names.map((name) => `${name}.${PINNED[name]}`).join(',')} #${hash.digest('hex').slice(0, 8)}`;
}
