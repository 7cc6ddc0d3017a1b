/** A field holding one of these is quoted (RFC 4180; a lone LF or CR too, so a spreadsheet does not end the row there). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Rows as RFC 4180 CSV text: fields separated by commas, each record ending in CRLF, a field quoted
 * when it holds a comma, a quote or a line break, its quotes doubled; null is an empty field. What
 * csv-stringify wrote with `record_delimiter: 'windows', quote_record_delimiter: true`, without its
 * per-field options and copies: it allocated some 20 bytes for each byte of an export's text.
 */
export function csvRecords(rows: readonly (readonly (string | null)[])[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i += 1) {
      const cell = row[i] ?? '';
      if (i > 0) text += ',';
      text += NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
    }
    text += '\r\n';
  }
  return text;
}
