import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { csvRecords } from '../../src/text/csv-records.ts';

describe('csvRecords', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes; null is empty; records end in CRLF', () => {
    assert.equal(
      csvRecords([
        ['a', 'b,c', 'say "hi"', null, ''],
        ['line\nbreak', 'cr\ronly', 'crlf\r\n', ' spaced ', "'=1"],
      ]),
      'a,"b,c","say ""hi""",,\r\n"line\nbreak","cr\ronly","crlf\r\n", spaced ,\'=1\r\n',
    );
  });

  it('writes what csv-stringify wrote with the options exports used', () => {
    const cell = fc.option(fc.string({ unit: fc.constantFrom('a', 'é', ',', '"', '\n', '\r', ' ', ';', '\t', "'", '😀') }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 5 }), (rows) => {
        assert.equal(csvRecords(rows), stringify(rows, { record_delimiter: 'windows', quote_record_delimiter: true }));
      }),
      { numRuns: 2000 },
    );
  });
});
