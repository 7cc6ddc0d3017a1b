// Spreadsheet formula ("CSV") injection: Excel, LibreOffice, Numbers and Sheets read a cell that
// starts with `=`, `+`, `-`, `@` (or TAB / CR before one) as a formula, so product text from a
// third party (a publicly editable fact source, a catalogue) could run =HYPERLINK(...) or a DDE
// call on the machine of the merchant who opens an export. OWASP's advice: such a cell is written
// with a leading `'`, which spreadsheets take as "this is text". Pure, no imports.
//
// Why not csv-stringify's `escape_formulas`: it spares `-5` only when the field is a JavaScript
// number, and every cell here is a string (attribute values such as "-5" or "+3,5" are stored as
// text), so it would turn a temperature into "'-5" for every program that reads the file.

/** First characters that make a spreadsheet read a cell as a formula; the full-width ones because Apple Numbers folds them to ASCII. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/**
 * A whole cell that is a signed number: an ASCII sign, digits and at most one decimal point or
 * comma. A spreadsheet reads it as that number; it can name no cell, function or link, so it
 * stays as written.
 */
const PLAIN_NUMBER = /^[+-]\d+(?:[.,]\d+)?$/;

/**
 * The cell as a spreadsheet will read it as text: with a leading `'` when it would otherwise start
 * a formula. A value that itself starts with quotes before such a character gets one more, so a
 * program gets every value back by one rule: drop the first `'` of a cell whose quotes are
 * followed by one of those characters (`'nduja` has no such character after its quote and is
 * written as it is).
 */
export function escapeFormula(cell: string): string {
  const afterQuotes = cell.replace(/^'+/, '');
  const first = afterQuotes[0];
  if (first === undefined || !FORMULA_STARTS.has(first)) return cell;
  if (afterQuotes === cell && PLAIN_NUMBER.test(cell)) return cell;
  return `'${cell}`;
}
