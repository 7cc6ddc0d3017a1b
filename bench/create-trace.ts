// Where a create call's time goes: every SQL statement it sends (count, round trips, server
// time per statement) for 1 and 100 codes a call, on PGlite and PostgreSQL. One call at a time,
// so the times are a statement's own, not queueing behind others.
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { freshCodes } from './bench-codes.ts';
import { buildApp } from '../src/http/app.ts';
import { createAccount } from '../src/services/accounts.ts';
import { SqlTrace } from './sql-trace.ts';
import { openTarget, targetNames } from './targets.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);

const trace = new SqlTrace();

for (const name of targetNames()) {
  const { opened, close } = await openTarget(name);
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000', DB_POOL_SIZE: '20' });
  const db = trace.database(opened.db);
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
        payload: { codes: freshCodes(perCall), countries: ['it', 'de'] },
      });
    trace.reset();
    const start = performance.now();
    for (let i = 0; i < CALLS / (perCall === 1 ? 1 : 4); i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/products/create',
        headers: { authorization: `Bearer ${token}` },
        payload: { codes: freshCodes(perCall), countries: ['it', 'de'] },
      });
      if (res.statusCode !== 202) throw new Error(res.body);
    }
    const calls = CALLS / (perCall === 1 ? 1 : 4);
    process.stdout.write(trace.report(`${name}, ${perCall} code(s) a call`, calls, performance.now() - start));
  }
  await app.close();
  await container.close({ graceful: false });
  await close();
}
