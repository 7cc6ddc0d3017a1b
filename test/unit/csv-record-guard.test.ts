import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { InputStoppedError, type InputRow } from '../../src/sources/catalogue/input-row.ts';
import { CsvRecordGuard } from '../../src/sources/catalogue/csv-record-guard.ts';
import { readCsvRows } from '../../src/sources/catalogue/read-csv.ts';
import { rowLimitProblem, type RowLimits } from '../../src/sources/catalogue/row-limits.ts';

const UNLIMITED: RowLimits = { maxColumns: 1_000_000, maxCellBytes: 1e9, maxRowBytes: 1e9 };

/** What readCsvRows gives for `pieces` read one after another: its rows, and the line and message it stopped with, if it did. */
async function read(pieces: readonly string[], limits: RowLimits, maxRecordBytes = 1e9): Promise<{ rows: InputRow[]; stop: string | null }> {
  const rows: InputRow[] = [];
  try {
    for await (const row of readCsvRows(Readable.from(pieces), ',', limits, maxRecordBytes)) rows.push(row);
  } catch (err) {
    if (!(err instanceof InputStoppedError)) throw err;
    return { rows, stop: `${err.line}: ${err.message}` };
  }
  return { rows, stop: null };
}

/** `text` in pieces cut at `cuts` (fractions of its length), as a decoder might hand it on. */
function cut(text: string, cuts: readonly number[]): string[] {
  const at = [...new Set(cuts.map((c) => Math.floor(c * text.length)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const to of at) {
    if (to > from) pieces.push(text.slice(from, to));
    from = Math.max(from, to);
  }
  pieces.push(text.slice(from));
  return pieces.filter((p) => p !== '');
}

describe('readCsvRows: rows over the limits are measured, not parsed', () => {
  it('gives the same rows, lines and reasons as parsing every row and checking it after', async () => {
    // Quotes, delimiters and line breaks in every arrangement, with one- to four-byte characters, NULs and blanks;
    // the header always within the limits (one over them stops the reading, tested below).
    const text = fc
      .tuple(fc.constantFrom('\n', '\r'), fc.array(fc.constantFrom('a', 'b', 'é', '€', '😀', '"', '""', ',', ',,', '\n', '\n\n', '\r', ' ', '\u0000', 'hh'), { maxLength: 120 }))
      .map(([end, parts]) => `h1,h2,h3${end}${parts.join('')}`)
      // A CR then LF is never read (capLines makes it one LF).
      .filter((csv) => !csv.includes('\r\n'));
    const limits = fc.record({ maxColumns: fc.integer({ min: 3, max: 6 }), maxCellBytes: fc.integer({ min: 2, max: 12 }), maxRowBytes: fc.integer({ min: 6, max: 30 }) });
    await fc.assert(
      fc.asyncProperty(text, limits, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), async (csv, limit, cuts) => {
        const measured = await read(cut(csv, cuts), limit);
        // The same text parsed whole, row after row, and each parsed row checked against the limits.
        const parsed = await read([csv], UNLIMITED);
        assert.equal(parsed.stop, null);
        const expected = parsed.rows.map((row): InputRow => {
          if (!row.ok) return row;
          const problem = rowLimitProblem(Object.entries(row.fields), limit);
          return problem === null ? row : { line: row.line, ok: false, reason: problem };
        });
        // A quote left open is unparseable either way; only csv-parse's wording names the last line.
        const unparseable = (rows: InputRow[]) => rows.map((r) => (!r.ok && r.reason.startsWith('unparseable: Quote Not Closed') ? { ...r, reason: 'quote not closed' } : r));
        assert.deepEqual(unparseable(measured.rows), unparseable(expected));
        assert.equal(measured.stop, null);
      }),
      { numRuns: 400 },
    );
  });

  it('a header over the limits stops the reading at its line; within them, the same header is read', async () => {
    const wide = `${Array.from({ length: 50_000 }, (_, i) => `c${i}`).join(',')}\n1,2\n`;
    assert.deepEqual(await read([wide], { maxColumns: 2000, maxCellBytes: 65_536, maxRowBytes: 1_048_576 }), {
      rows: [],
      stop: '1: the header on line 1 has more than 2000 columns; at most 2000 are read (CATALOGUE_MAX_COLUMNS)',
    });
    assert.deepEqual(await read([`\n\nean,"big\n${'x'.repeat(100)}"\n1,2\n`], { maxColumns: 10, maxCellBytes: 50, maxRowBytes: 1000 }), {
      rows: [],
      stop: '3: the header on line 3 has a cell of 104 bytes; at most 50 are read (CATALOGUE_MAX_CELL_BYTES)',
    });
  });

  it('a header over the limits stops the reading before the next chunk is asked for', async () => {
    const header = `${Array.from({ length: 3000 }, (_, i) => `c${i}`).join(',')}\n`;
    async function* body() {
      yield header;
      yield `${'x,'.repeat(2999)}x\n`.repeat(20);
      throw new Error('the rest of the upload was read');
    }
    await assert.rejects(
      async () => {
        for await (const _ of readCsvRows(Readable.from(body()), ',', { maxColumns: 2000, maxCellBytes: 65_536, maxRowBytes: 1_048_576 })) assert.fail('no row');
      },
      (err: unknown) => err instanceof InputStoppedError && err.atHeader && /has more than 2000 columns/.test(err.message),
    );
  });

  it('a header past the column limit stops the reading at the first cell past it, the rest of the header unread', { timeout: 60_000 }, async () => {
    const cells = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `c${from + i}`).join(',');
    // The header's last piece only comes once the reader has answered: a reader that needs it never answers.
    let release = () => {};
    const rest = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* body() {
      yield `${cells(0, 1500)},`;
      yield `${cells(1500, 2600)},`;
      await rest;
      yield `${cells(2600, 200_000)}\n1,2\n`;
    }
    try {
      await assert.rejects(
        async () => {
          for await (const _ of readCsvRows(Readable.from(body()), ',', { maxColumns: 2000, maxCellBytes: 65_536, maxRowBytes: 1_048_576 })) assert.fail('no row');
        },
        (err: unknown) =>
          err instanceof InputStoppedError &&
          err.atHeader &&
          err.line === 1 &&
          err.message === 'the header on line 1 has more than 2000 columns; at most 2000 are read (CATALOGUE_MAX_COLUMNS)',
      );
    } finally {
      release();
    }
  });

  it('an Amazon flat file: a preamble row wider than the limit is skipped, and the narrow header after it is read', async () => {
    const labels = Array.from({ length: 2500 }, (_, i) => `Label ${i}`).join(',');
    const { rows, stop } = await read([`TemplateType=fptcustom,Version=2021\n${labels}\nsku,item_name\nA1,Crema\n`], {
      maxColumns: 2000,
      maxCellBytes: 65_536,
      maxRowBytes: 1_048_576,
    });
    assert.equal(stop, null);
    assert.deepEqual(rows, [{ line: 4, ok: true, fields: { sku: 'A1', item_name: 'Crema' } }]);
  });

  it('a row over the limits is one rejected row at its line; the rows after it are read at their own lines', async () => {
    const limits: RowLimits = { maxColumns: 5, maxCellBytes: 20, maxRowBytes: 40 };
    const csv = [
      'ean,title', // 1
      `1,${'x,'.repeat(100_000)}x`, // 2: 100,001 cells
      '2,fine', // 3
      `3,"${'y'.repeat(30)}"`, // 4: a cell of 30 bytes
      `4,"${'z\n'.repeat(5)}${'w'.repeat(20)}"`, // 5–10: a cell of 30 bytes over six lines
      '5,"last"', // 11
    ].join('\n');
    const { rows, stop } = await read(cut(csv, [0.1, 0.5, 0.51, 0.9]), limits);
    assert.equal(stop, null);
    assert.deepEqual(
      rows.map((r) => [r.line, r.ok ? r.fields : r.reason]),
      [
        [2, 'has 100002 fields but the header has 2'],
        [3, { ean: '2', title: 'fine' }],
        [4, 'cell "title" holds 30 bytes; at most 20 are read (CATALOGUE_MAX_CELL_BYTES)'],
        [5, 'cell "title" holds 30 bytes; at most 20 are read (CATALOGUE_MAX_CELL_BYTES)'],
        [11, { ean: '5', title: 'last' }],
      ],
    );
  });

  it('a record past the most a record may hold stops the reading at its first line, after the rows before it', async () => {
    const csv = `ean,title\n1,one\n2,"open\n${'a'.repeat(500)}\n3,never read\n`;
    const { rows, stop } = await read([csv], { maxColumns: 10, maxCellBytes: 50, maxRowBytes: 100 }, 400);
    assert.deepEqual(
      rows.map((r) => r.line),
      [2],
    );
    assert.match(stop ?? '', /^3: the record starting on line 3 is longer than 400 bytes/);
  });

  // Each a long middle row between two short ones, read in pieces with a record limit of 400:
  // the middle row is one rejected row and the reading goes on.
  const longRows: { what: string; row: string; reason: string }[] = [
    {
      what: 'a record outside quotes is measured to its line break however long',
      row: `2,${'a'.repeat(1_000)}`,
      reason: 'row holds 1001 bytes; at most 100 are read (CATALOGUE_MAX_ROW_BYTES)',
    },
    { what: 'a closed quoted cell past the most a record may hold is no stop', row: `2,${'b'.repeat(500)},"x"`, reason: 'has 3 fields but the header has 2' },
    {
      what: 'a line of NULs, which measure nothing, is kept out by its length',
      row: `2,${'\u0000'.repeat(1_000)}`,
      reason: 'row holds 1003 bytes; at most 100 are read (CATALOGUE_MAX_ROW_BYTES)',
    },
  ];
  for (const { what, row, reason } of longRows) {
    it(`${what}: one rejected row, the rows after it read`, async () => {
      const csv = `ean,title\n1,one\n${row}\n3,three\n`;
      const { rows, stop } = await read(cut(csv, [0.2, 0.4, 0.6]), { maxColumns: 10, maxCellBytes: 2_000, maxRowBytes: 100 }, 400);
      assert.equal(stop, null);
      assert.deepEqual(
        rows.map((r) => [r.line, r.ok ? r.fields.title : r.reason]),
        [
          [2, 'one'],
          [3, reason],
          [4, 'three'],
        ],
      );
    });
  }

  it("a record kept out hands its line breaks on as they come, so what the guard holds or gives at once stays within a chunk's length", () => {
    const guard = new CsvRecordGuard(',', { maxColumns: 10, maxCellBytes: 2_000, maxRowBytes: 100 }, 400);
    guard.push('ean,title\n1,one\n2,');
    const given = Array.from({ length: 5 }, () => guard.push('\r'.repeat(300)).text.length);
    assert.deepEqual(given, [300, 300, 300, 300, 300]);
    const last = guard.push('\n3,x\n');
    assert.equal(last.text, '\n3,x\n');
    assert.deepEqual(
      last.kept.map((k) => k.line),
      [3],
    );
  });

  it('a file whose lines end in a lone CR (old Mac exports) is read row by row', async () => {
    const { rows } = await read(['ean,title\r1,one\r', '2,"two\nlines"\r3,three'], UNLIMITED);
    assert.deepEqual(
      rows.map((r) => [r.line, r.ok && r.fields.title]),
      [
        [2, 'one'],
        [3, 'two\nlines'],
        [5, 'three'],
      ],
    );
  });
});
