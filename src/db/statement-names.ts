import { createHash } from 'node:crypto';

// Names are per text, so the same statement gets the same name on every connection and two texts
// never share one. Only a handful of fixed statements are ever prepared: the memo stays small.
const names = new Map<string, string>();
const MEMO_LIMIT = 256;

/** The name a statement is prepared under: a digest of its text, within PostgreSQL's 63 bytes. */
export function statementName(text: string): string {
  const known = names.get(text);
  if (known !== undefined) return known;
  const name = `vetrina_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
  if (names.size >= MEMO_LIMIT) names.clear();
  names.set(text, name);
  return name;
}
