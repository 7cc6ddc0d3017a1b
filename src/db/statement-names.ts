import { createHash } from 'node:crypto';
import { BoundedMemo } from '../bounded-memo.ts';

// Names are per text, so the same statement gets the same name on every connection and two texts
// never share one. Only a handful of fixed statements are ever prepared: the memo stays small.
const NAMES = new BoundedMemo<string>(256);

/** The name a statement is prepared under: a digest of its text, within PostgreSQL's 63 bytes. */
export function statementName(text: string): string {
  return NAMES.get(text, () => `vetrina_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`);
}
