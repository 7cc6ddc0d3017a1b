// One comparable form of a word or phrase in any of the eight languages. Pure.

/** Lower case, accents dropped (ß kept apart as ss, ł as l), anything but letters and digits a single space. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replaceAll('ł', 'l')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `phrase` (folded) occurs in `text` (folded) as whole words. */
export function containsPhrase(text: string, phrase: string): boolean {
  if (phrase === '') return false;
  return ` ${text} `.includes(` ${phrase} `);
}

/** Word offsets of each whole-word occurrence of `phrase` in `text`, both folded. */
export function phraseOffsets(text: string, phrase: string): number[] {
  const words = text.split(' ');
  const target = phrase.split(' ');
  const found: number[] = [];
  for (let i = 0; i + target.length <= words.length; i++) {
    if (target.every((w, j) => words[i + j] === w)) found.push(i);
  }
  return found;
}
