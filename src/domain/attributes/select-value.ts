// Select values: only ever one of the attribute's options, matched across languages. Pure.
import { containsPhrase, fold } from './fold.ts';
import type { AttributeOption } from './schema.ts';
import { canonicalWord, spellingsOf } from './synonyms.ts';

/** The folded spellings that name an option: its value, its value_id, and their group's words. */
function spellingsOfOption(option: AttributeOption): string[] {
  const own = [fold(option.value), fold(option.value_id.replaceAll('_', ' '))];
  return [...new Set(own.flatMap((s) => spellingsOf(s)))].filter((s) => s !== '');
}

/** The option a whole value names ("giallo" → Yellow), or undefined. */
export function optionNamed(options: readonly AttributeOption[], text: string): AttributeOption | undefined {
  const folded = fold(text);
  if (folded === '') return undefined;
  return (
    options.find((o) => fold(o.value) === folded || o.value_id === text) ??
    options.find((o) => spellingsOfOption(o).includes(folded) || canonicalWord(fold(o.value)) === canonicalWord(folded))
  );
}

/** Every option whose spellings occur in a text as whole words, in the options' order. */
export function optionsMentioned(options: readonly AttributeOption[], text: string): AttributeOption[] {
  const folded = fold(text);
  return options.filter((o) => spellingsOfOption(o).some((s) => containsPhrase(folded, s)));
}

/**
 * A multi-select value as written by a person or a model: parts split on `|`, and a part that is
 * no option further on `,`, `/` or `;` (an option may itself hold those: "Black/White"), each part
 * one option. Undefined when any part names none, so nothing outside the options is kept.
 */
export function optionsNamed(options: readonly AttributeOption[], text: string): AttributeOption[] | undefined {
  const found: AttributeOption[] = [];
  for (const part of splitParts(text, /\|/)) {
    const whole = optionNamed(options, part);
    const named = whole === undefined ? splitParts(part, /[,;/]/).map((p) => optionNamed(options, p)) : [whole];
    for (const option of named) {
      if (option === undefined) return undefined;
      if (!found.includes(option)) found.push(option);
    }
  }
  return found.length === 0 ? undefined : options.filter((o) => found.includes(o));
}

function splitParts(text: string, separator: RegExp): string[] {
  return text
    .split(separator)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
