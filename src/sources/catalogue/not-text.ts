/** Leading bytes of formats that are not text, with what to tell the sender. */
const SIGNATURES: readonly { bytes: readonly number[]; what: string }[] = [
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a zip archive (an .xlsx or .ods workbook is one)' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], what: 'a zip archive' },
  { bytes: [0x50, 0x4b, 0x07, 0x08], what: 'a zip archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7-Zip archive' },
  { bytes: [0x42, 0x5a, 0x68], what: 'a bzip2 archive' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'an xz archive' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'a zstd archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], what: 'a RAR archive' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: 'an old Excel (.xls) workbook' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], what: 'a PDF document' },
  { bytes: [0x50, 0x41, 0x52, 0x31], what: 'a Parquet file' },
];

const UTF16_BOMS: readonly (readonly number[])[] = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

/**
 * Why the first bytes of a file are not CSV or JSON Lines text, or null when they may be. Archives
 * are refused unopened (a compressed file renamed .csv could expand without bound). Text has no NUL
 * bytes but for a stray one; UTF-16 has many, so it needs its byte-order mark.
 */
export function notTextReason(head: Uint8Array): string | null {
  for (const { bytes, what } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) return `the file is ${what}, not CSV or JSON Lines text; send the text file itself, uncompressed`;
  }
  if (UTF16_BOMS.some((bom) => bom.every((b, i) => head[i] === b))) return null;
  let nul = 0;
  for (let at = head.indexOf(0); at !== -1; at = head.indexOf(0, at + 1)) nul += 1;
  if (nul > 8 && nul * 20 > head.length)
    return 'the file is not text (it has many NUL bytes: binary data, or UTF-16 without a byte-order mark); save it as UTF-8 CSV or JSON Lines';
  return null;
}
