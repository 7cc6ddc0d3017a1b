import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

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

export function prompt(name: PromptName): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./prompts/${name}.${PINNED[name]}.md`, import.meta.url), 'utf8').trim();
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
 * their text: `rules.2,draft.1,critic.2 #1a2b3c4d`. The hash catches a file edited in place.
 */
export function promptVersion(used: Iterable<PromptName>): string {
  const set = new Set(used);
  const names = ORDER.filter((name) => set.has(name));
  const hash = createHash('sha256');
  for (const name of names) hash.update(prompt(name)).update('\0');
  return `${names.map((name) => `${name}.${PINNED[name]}`).join(',')} #${hash.digest('hex').slice(0, 8)}`;
}
