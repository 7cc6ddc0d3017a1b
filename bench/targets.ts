// The databases a benchmark runs on: PGlite in a temporary data directory, and a throwaway
// database on the PostgreSQL server named by BENCH_DATABASE_URL (else TEST_DATABASE_URL).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPGlite } from '../src/db/pglite-database.ts';
import { openPostgres } from '../src/db/postgres-database.ts';
import type { OpenedDatabase } from '../src/db/open.ts';
import { createServerDatabase } from '../test/helpers/databases.ts';

export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

export type TargetName = 'pglite' | 'postgres';

/** PGlite, and PostgreSQL when a server is named; BENCH_TARGETS=postgres (or pglite) runs one. */
export function targetNames(): TargetName[] {
  const all: TargetName[] = SERVER_URL === undefined ? ['pglite'] : ['pglite', 'postgres'];
  const only = process.env.BENCH_TARGETS?.split(',').map((t) => t.trim());
  return only === undefined ? all : all.filter((t) => only.includes(t));
}

/** The database opened, and its server's connection string (undefined on PGlite). */
export async function openTarget(name: TargetName, poolSize = 20): Promise<{ opened: Omit<OpenedDatabase, 'close'>; url: string | undefined; close: () => Promise<void> }> {
  if (name === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'vetrina-bench-'));
    const db = await openPGlite(dir);
    return {
      opened: { db },
      url: undefined,
      close: async () => {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  if (SERVER_URL === undefined) throw new Error('no server URL');
  const database = await createServerDatabase(SERVER_URL, 'vetrina_bench');
  const db = openPostgres(database.url, poolSize);
  return {
    opened: { db },
    url: database.url,
    close: async () => {
      await db.close();
      await database.drop();
    },
  };
}
