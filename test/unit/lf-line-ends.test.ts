import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { lfLineEnds } from '../../src/sources/catalogue/lf-line-ends.ts';

/** What lfLineEnds hands on for `pieces`, piece by piece. */
async function through(pieces: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of Readable.from(pieces).pipe(lfLineEnds())) out.push(piece as string);
  return out;
}

describe('CSV text on its way to the reader', () => {
  it('turns every CRLF into LF, a CRLF cut between two pieces too, and keeps a lone CR', async () => {
    const out = await through(['a,b\r\n1,2\r', '\n3,"x\ry"\r', '\n4,5\r']);
    assert.equal(out.join(''), 'a,b\n1,2\n3,"x\ry"\n4,5\r');
  });

  it('hands each piece on as it came, never a line joined from several', async () => {
    const line = 'x,'.repeat(50_000);
    const out = await through([line, line, `${line}\n`]);
    assert.deepEqual(
      out.map((piece) => piece.length),
      [100_000, 100_000, 100_001],
    );
  });
});
