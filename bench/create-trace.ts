// Where a create call's time goes: every SQL statement it sends (count, round trips, server
// time per statement) for 1 and 100 codes a call, on PGlite and PostgreSQL. One call at a time,
// so the times are a statement's own, not queueing behind others.
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import type { Database, SqlRunner, Transaction } from '../src/db/database.ts';
import { gs1CheckDigit } from '../src/domain/codes.ts';
import { buildApp } from '../src/http/app.ts';
import { createAccount } from '../src/services/accounts.ts';
import { openTarget, targetNames } from './targets.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);

interface Sample {
  text: string;
  ms: number;
}
let samples: Sample[] = [];

function label(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 90);
}

function traced<R extends SqlRunner>(runner: R): R {
  return {
    ...runner,
    async query(text: string, params?: readonly unknown[]) {
      const start = performance.now();
      try {
        return await runner.query(text, params);
      } finally {
        samples.push({ text: label(text), ms: performance.now() - start });
      }
    },
  } as R;
}

function tracedDatabase(db: Database): Database {
  return {
    ...traced(db),
    dialect: db.dialect,
    close: () => db.close(),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => {
      samples.push({ text: 'BEGIN … COMMIT (transaction)', ms: 0 });
      return db.transaction((tx) => work(traced(tx)));
    },
  };
}

let seq = 0;
function codes(n: number): string {
  return Array.from({ length: n }, () => {
    seq += 1;
    const body = `2${String(seq).padStart(11, '0')}`;
    return `${body}${gs1CheckDigit(body)}`;
  }).join(',');
}

for (const name of targetNames()) {
  const { opened, close } = await openTarget(name);
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000', DB_POOL_SIZE: '20' });
  const db = tracedDatabase(opened.db);
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: { ...opened, db } });
  // BENCH_DROP_INDEXES=a,b drops those indexes first: what each one costs the create path.
  for (const index of (process.env.BENCH_DROP_INDEXES ?? '').split(',').filter((i) => i !== '')) await container.db.query(`DROP INDEX ${index}`);
  const { token } = await createAccount(container.db, { name: 'bench', credits: 2_000_000_000, imageStandardization: false });
  const app = await buildApp(container);
  for (const perCall of [1, 100]) {
    for (let i = 0; i < 20; i++)
      await app.inject({
        method: 'POST',
        url: '/api/v1/products/create',
        headers: { authorization: `Bearer ${token}` },
        payload: { codes: codes(perCall), countries: ['it', 'de'] },
      });
    samples = [];
    const start = performance.now();
    for (let i = 0; i < CALLS / (perCall === 1 ? 1 : 4); i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/products/create',
        headers: { authorization: `Bearer ${token}` },
        payload: { codes: codes(perCall), countries: ['it', 'de'] },
      });
      if (res.statusCode !== 202) throw new Error(res.body);
    }
    const calls = CALLS / (perCall === 1 ? 1 : 4);
    const wall = (performance.now() - start) / calls;
    const byText = new Map<string, { n: number; ms: number }>();
    for (const s of samples) {
      const e = byText.get(s.text) ?? { n: 0, ms: 0 };
      e.n += 1;
      e.ms += s.ms;
      byText.set(s.text, e);
    }
    const sqlMs = samples.reduce((a, s) => a + s.ms, 0) / calls;
    process.stdout.write(
      `\n### ${name}, ${perCall} code(s) a call: ${(samples.length / calls).toFixed(1)} statements a call, ${wall.toFixed(2)} ms a call, of which ${sqlMs.toFixed(2)} ms in statements\n\n| statement | a call | ms a call |\n|---|---:|---:|\n`,
    );
    for (const [text, e] of [...byText].sort((a, b) => b[1].ms - a[1].ms)) {
      process.stdout.write(`| \`${text.replace(/\|/g, '\\|')}\` | ${(e.n / calls).toFixed(1)} | ${(e.ms / calls).toFixed(2)} |\n`);
    }
  }
  await app.close();
  await container.close({ graceful: false });
  await close();
}
