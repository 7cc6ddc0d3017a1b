import { detect } from 'chardet';
import iconv from 'iconv-lite';

/** How many leading bytes the encoding and the delimiter are sniffed from. */
export const SNIFF_BYTES = 64 * 1024;

const BOMS: readonly { bytes: readonly number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

// Single-byte encodings chardet proposes for short Western European samples. Its guesses among
// them are unreliable (a short Italian Latin-1 line comes back as ISO-8859-2, turning "è" into
// "č"), and every language our users write in fits Windows-1252, a superset of Latin-1.
const WESTERN_LOOKALIKES = new Set(['ascii', 'iso-8859-1', 'iso-8859-2', 'iso-8859-9', 'iso-8859-15', 'windows-1250', 'windows-1252', 'windows-1254']);

/**
 * The encoding of a text file from its first bytes: a byte-order mark, else UTF-8 when the
 * bytes are valid UTF-8 (chardet cannot be sure of that on ASCII-heavy samples), else chardet's
 * guess, with Windows-1252 standing in for the Western single-byte family.
 */
export function sniffEncoding(head: Uint8Array): string {
  for (const bom of BOMS) {
    if (bom.bytes.every((b, i) => head[i] === b)) return bom.encoding;
  }
  if (isValidUtf8Prefix(head)) return 'utf-8';
  const guess = detect(head)?.toLowerCase() ?? null;
  if (guess === null || WESTERN_LOOKALIKES.has(guess) || !iconv.encodingExists(guess)) return 'windows-1252';
  return guess;
}

/** A sample cut from a longer file may end inside a multi-byte character; `stream` tolerates that. */
function isValidUtf8Prefix(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}
