// Does the embedded database hold the API's event loop? PGlite in a temporary data directory,
// opened as the service opens it. While "account A" runs heavy statements one after another, the
// process's event-loop delay (perf_hooks.monitorEventLoopDelay) is recorded, and "account B"
// probes twice every 20 ms: a GET that touches no database (a static file, /health) through a
// listening node:http server, and a one-row SELECT (which on PGlite's one session waits for A's
// statement whatever thread runs it). Then the cost of a statement: sequential one-row SELECTs
// per second, and the same 8 at a time.
//
//   node bench/event-loop.ts           BENCH_ROWS (default 200000) rows for the INSERT … SELECT
//
// It prints its table; results/event-loop.md puts runs of different designs side by side.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openPGlite } from '../src/db/pglite-database.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const PROBE_MS = 20;

const dir = await mkdtemp(join(tmpdir(), 'vetrina-bench-loop-'));
const db = await openPGlite(dir);
await db.query('CREATE TABLE items (id int PRIMARY KEY, account text NOT NULL, code text NOT NULL, title text NOT NULL, data jsonb NOT NULL)');

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
// A held loop must not let the server's keep-alive timer close connections the client reuses.
server.keepAliveTimeout = 120_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const healthUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Account B's probes, every PROBE_MS until stopped: latencies of the static GET and of the one-row SELECT. */
function probe(): { stop(): Promise<{ http: number[]; select: number[] }> } {
  const http: number[] = [];
  const select: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  // Open loop: a probe due while the loop was held is still sent, late, and its latency counts
  // from when it was due, as a client's would.
  let due = performance.now() + PROBE_MS;
  let timer: NodeJS.Timeout;
  const tick = () => {
    const now = performance.now();
    for (; due <= now; due += PROBE_MS) {
      const started = due;
      track(
        fetch(healthUrl)
          .then((res) => res.text())
          .then(() => {
            http.push(performance.now() - started);
          }),
      );
      track(
        db.query('SELECT 1 AS one').then(() => {
          select.push(performance.now() - started);
        }),
      );
    }
    timer = setTimeout(tick, due - now);
  };
  timer = setTimeout(tick, PROBE_MS);
  return {
    async stop() {
      clearTimeout(timer);
      await Promise.all(inFlight);
      return { http, select };
    },
  };
}

/** Account A's heavy work: what a hostile upload, export or list makes the database do. */
const heavy: [string, () => Promise<unknown>][] = [
  [
    `INSERT … SELECT of ${ROWS.toLocaleString('en')} rows`,
    () =>
      db.query(
        `INSERT INTO items SELECT g, 'a', lpad(g::text, 13, '0'), 'Prodotto ' || g, jsonb_build_object('n', g, 'tags', jsonb_build_array('x', 'y')) FROM generate_series(1, $1::int) g`,
        [ROWS],
      ),
  ],
  [
    '100 keyset pages of 500 rows (an export)',
    async () => {
      let after = 0;
      for (let page = 0; page < 100; page++) {
        const rows = await db.query<{ id: number }>('SELECT * FROM items WHERE id > $1 ORDER BY id LIMIT 500', [after]);
        after = rows.at(-1)?.id ?? 0;
      }
    },
  ],
  ['one SELECT of 50,000 rows', () => db.query('SELECT * FROM items ORDER BY id LIMIT 50000')],
  [
    '20 × 500-row upsert in a transaction (a catalogue upload)',
    async () => {
      for (let batch = 0; batch < 20; batch++) {
        const ids = Array.from({ length: 500 }, (_, i) => batch * 500 + i + 1);
        await db.transaction((tx) =>
          tx.query(
            `INSERT INTO items (id, account, code, title, data) SELECT id, 'a', 'c' || id, 'Aggiornato ' || id, '{}'::jsonb FROM unnest($1::int[]) AS id
             ON CONFLICT (id) DO UPDATE SET title = excluded.title, data = excluded.data`,
            [ids],
          ),
        );
      }
    },
  ],
  ['UPDATE of every row', () => db.query('UPDATE items SET data = data || \'{"seen": true}\'::jsonb')],
];

interface PhaseRow {
  phase: string;
  seconds: number;
  loopP50: number;
  loopP99: number;
  loopMax: number;
  httpP50: number;
  httpP99: number;
  selectP50: number;
  selectP99: number;
}

async function phase(name: string, work: () => Promise<unknown>): Promise<PhaseRow> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const probes = probe();
  // The monitor notices a held loop only once its timer runs: let it start first.
  await new Promise((resolve) => setTimeout(resolve, 5 * PROBE_MS));
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  // A loop held for the whole statement has not yet run the timers that notice it: let them.
  await new Promise((resolve) => setTimeout(resolve, 4 * PROBE_MS));
  const { http, select } = await probes.stop();
  loop.disable();
  const ms = (ns: number) => ns / 1e6;
  return {
    phase: name,
    seconds,
    loopP50: ms(loop.percentile(50)),
    loopP99: ms(loop.percentile(99)),
    loopMax: ms(loop.max),
    httpP50: percentile(http, 50),
    httpP99: percentile(http, 99),
    selectP50: percentile(select, 50),
    selectP99: percentile(select, 99),
  };
}

const rows: PhaseRow[] = [];
rows.push(await phase('idle (2 s)', () => new Promise((resolve) => setTimeout(resolve, 2000))));
for (const [name, work] of heavy) rows.push(await phase(name, work));

/** Statements per second of a one-row SELECT, `concurrency` at a time, for `seconds`. */
async function statementsPerSecond(concurrency: number, seconds: number): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await db.query('SELECT id, title FROM items WHERE id = $1', [1 + (done % 1000)]);
        done++;
      }
    }),
  );
  return done / seconds;
}
const sequential = await statementsPerSecond(1, 3);
const eightAtATime = await statementsPerSecond(8, 3);

server.close();
await db.close();
await rm(dir, { recursive: true, force: true });

const f = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(n >= 100 ? 0 : 1));
const lines = [
  `PGlite event loop, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
  '',
  '| phase (account A) | s | loop delay p50 / p99 / max ms | B static GET p50 / p99 ms | B one-row SELECT p50 / p99 ms |',
  '|---|--:|--:|--:|--:|',
  ...rows.map(
    (r) =>
      `| ${r.phase} | ${r.seconds.toFixed(2)} | ${f(r.loopP50)} / ${f(r.loopP99)} / ${f(r.loopMax)} | ${f(r.httpP50)} / ${f(r.httpP99)} | ${f(r.selectP50)} / ${f(r.selectP99)} |`,
  ),
  '',
  `One-row SELECT by primary key: ${f(sequential)} statements/s one at a time, ${f(eightAtATime)} statements/s 8 at a time.`,
  '',
];
process.stdout.write(lines.join('\n'));
