const CANDIDATES = [',', ';', '\t', '|'] as const;
const CODES = CANDIDATES.map((c) => c.charCodeAt(0));

/**
 * The delimiter of a CSV file from its header line: the candidate that occurs most often outside
 * quotes. Ties go to the earlier candidate; a header with none of them is one column (comma).
 * Read by UTF-16 unit: the line can be 64 KiB of a wide file, read on the API's thread.
 */
export function sniffDelimiter(headerLine: string): string {
  const counts = CANDIDATES.map(() => 0);
  let quoted = false;
  for (let i = 0; i < headerLine.length; i += 1) {
    const c = headerLine.charCodeAt(i);
    if (c === 0x22) quoted = !quoted;
    else if (!quoted) {
      const at = CODES.indexOf(c);
      if (at !== -1) counts[at] = (counts[at] ?? 0) + 1;
    }
  }
  let best: string = ',';
  let bestCount = 0;
  CANDIDATES.forEach((c, i) => {
    const n = counts[i] ?? 0;
    if (n > bestCount) {
      best = c;
      bestCount = n;
    }
  });
  return best;
}

/** The first line of decoded text, without its line ending. */
export function firstLine(text: string): string {
  const end = text.search(/\r?\n/);
  return end === -1 ? text : text.slice(0, end);
}
