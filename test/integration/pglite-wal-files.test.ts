import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { openPGlite } from '../../src/db/pglite-database.ts';
import { defined } from '../helpers/assert.ts';

/** Each WAL segment file of the data directory: its size and the bytes the disk holds for it. */
async function walFiles(dir: string): Promise<Map<string, { size: number; allocated: number }>> {
  const wal = join(dir, 'pg_wal');
  const files = new Map<string, { size: number; allocated: number }>();
  for (const name of (await readdir(wal)).filter((n) => /^[0-9A-F]{24}$/.test(n))) {
    const s = await stat(join(wal, name));
    files.set(name, { size: s.size, allocated: s.blocks * 512 });
  }
  return files;
}

// A statement that starts a WAL segment creates its file while every account waits: filling it
// with 16 MiB of zeros took 53-59 ms under load (src/db/pglite-thread.ts).
describe('the embedded database starts a WAL file without writing it whole [pglite]', () => {
  test('a new segment takes the disk space of what was written to it, not 16 MiB', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vetrina-pglite-wal-'));
    const db = await openPGlite(dir);
    try {
      const before = await walFiles(dir);
      await db.query('SELECT pg_switch_wal()');
      await db.query('CREATE TABLE wal_probe (n int)');
      await db.query('INSERT INTO wal_probe SELECT generate_series(1, 100)');
      const created = [...(await walFiles(dir))].filter(([name]) => !before.has(name));
      assert.equal(created.length, 1, 'the switch started one new segment');
      const [, segment] = defined(created[0], 'the new segment');
      assert.equal(segment.size, 16 * 2 ** 20, 'the segment has its full size');
      assert.ok(segment.allocated < 2 * 2 ** 20, `${segment.allocated} bytes of the new segment are on disk`);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
