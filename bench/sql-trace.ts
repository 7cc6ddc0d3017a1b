// Every SQL statement a database handle sends, timed: what bench/create-trace.ts and
// bench/regenerate-trace.ts count a call. One call at a time, so the times are a statement's own,
// not queueing behind others.
import type { Database, QueryOptions, SqlRunner, Transaction } from '../src/db/database.ts';

interface Sample {
  text: string;
  ms: number;
}

export class SqlTrace {
  private samples: Sample[] = [];

  /** Forgets what was traced so far (the warm-up). */
  reset(): void {
    this.samples = [];
  }

  /** `db`, with each statement (and each transaction, as one line of 0 ms) recorded. */
  database(db: Database): Database {
    return {
      ...this.runner(db),
      dialect: db.dialect,
      close: () => db.close(),
      transaction: <T>(work: (tx: Transaction) => Promise<T>) => {
        this.samples.push({ text: 'BEGIN … COMMIT (transaction)', ms: 0 });
        return db.transaction((tx) => work(this.runner(tx)));
      },
    };
  }

  private runner<R extends SqlRunner>(runner: R): R {
    const trace = this;
    return {
      ...runner,
      async query(text: string, params?: readonly unknown[], options?: QueryOptions) {
        const start = performance.now();
        try {
          return await runner.query(text, params, options);
        } finally {
          trace.samples.push({ text: text.replace(/\s+/g, ' ').trim().slice(0, 90), ms: performance.now() - start });
        }
      },
    } as R;
  }

  /** A Markdown heading and table: statements a call, ms a call (wall, `wallMs` over `calls`) and in statements, per statement. */
  report(title: string, calls: number, wallMs: number): string {
    const byText = new Map<string, { n: number; ms: number }>();
    for (const s of this.samples) {
      const e = byText.get(s.text) ?? { n: 0, ms: 0 };
      e.n += 1;
      e.ms += s.ms;
      byText.set(s.text, e);
    }
    const sqlMs = this.samples.reduce((a, s) => a + s.ms, 0) / calls;
    const rows = [...byText]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([text, e]) => `| \`${text.replace(/\|/g, '\\|')}\` | ${(e.n / calls).toFixed(1)} | ${(e.ms / calls).toFixed(2)} |`);
    return `\n### ${title}: ${(this.samples.length / calls).toFixed(1)} statements a call, ${(wallMs / calls).toFixed(2)} ms a call, of which ${sqlMs.toFixed(2)} ms in statements\n\n| statement | a call | ms a call |\n|---|---:|---:|\n${rows.join('\n')}\n`;
  }
}
