import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, SqlRunner } from './database.ts';

type PGliteRunner = Pick<PGlite, 'query'>;

function runnerOf(target: PGliteRunner): SqlRunner {
  return {
    async query<Row extends object>(text: string, params?: readonly unknown[]) {
      const result = await target.query<Row>(text, params ? [...params] : undefined);
      return result.rows;
    },
  };
}

export interface PGliteDatabase extends Database {
  readonly pglite: PGlite;
}

/** Embedded PostgreSQL (WASM). `dataDir` undefined means in memory (tests). */
export async function openPGlite(dataDir: string | undefined): Promise<PGliteDatabase> {
  // pg_trgm serves the product search's indexes (migration 008); PGlite loads contrib extensions only when asked.
  const extensions = { pg_trgm };
  const pglite = dataDir === undefined ? await PGlite.create({ extensions }) : await PGlite.create(dataDir, { extensions });
  const root = runnerOf(pglite);
  return {
    dialect: 'pglite',
    pglite,
    query: root.query,
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({
          ...runnerOf(tx),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
