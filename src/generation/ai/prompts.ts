import { readFileSync } from 'node:fs';

// Prompts live in versioned files (`<name>.<version>.md`) beside this module. A change of wording
// is a new file with the next version, so every stored generation names the exact text it used.
const PINNED = {
  rules: 1,
  generate: 1,
  draft: 1,
  critic: 1,
  repair: 1,
  images: 1,
  regenerate: 1,
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

/** What a generation records: `rules.1,draft.1,critic.1` for the prompts it used, in order. */
export function promptVersion(names: readonly PromptName[]): string {
  return names.map((name) => `${name}.${PINNED[name]}`).join(',');
}
