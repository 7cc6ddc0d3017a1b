// Catalogue upload benchmark: a generated CSV (100 MiB by default) streamed over HTTP into a
// listening server's POST /api/v1/catalogue/imports, on PGlite and on PostgreSQL. The body is
// generated as it is sent (never held whole by the client), so the process's peak RSS is the
// server's streaming cost plus a constant: what bounded memory means here.
import { request } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { benchEan } from './bench-codes.ts';
import { buildApp } from '../src/http/app.ts';
import { createAccount } from '../src/services/accounts.ts';
import { openTarget, targetNames, type TargetName } from './targets.ts';
import { answerOf } from '../test/helpers/http-answer.ts';

const MIB = 1024 * 1024;
const BYTES = Number(process.env.BENCH_CATALOGUE_MIB ?? 100) * MIB;

interface Row {
  target: string;
  mib: number;
  rows: number;
  imported: number;
  seconds: number;
  rowsPerSecond: number;
  mibPerSecond: number;
  baselineRssMib: number;
  peakRssMib: number;
}

const HEADER = 'ean,title,brand,description,category,colour,material,images,price\n';
function line(n: number): string {
  const ean = benchEan('2', n);
  return `${ean},Product ${n} stainless steel kettle 1.7 l,Brand ${n % 500},"A kettle with a 1.7 l capacity, auto shut-off and a concealed element. Model ${n}. Descaling filter included, cordless base.",Home > Kitchen > Kettles,silver,stainless steel,https://cdn.example.com/p/${n}.jpg,29.90\n`;
}

/** Chunks of about 64 KiB of CSV until `bytes` have been produced. */
function* generated(bytes: number): Generator<Buffer> {
  let sent = 0;
  let n = 0;
  let chunk = HEADER;
  while (sent < bytes) {
    n += 1;
    chunk += line(n);
    if (chunk.length >= 64 * 1024) {
      const buffer = Buffer.from(chunk);
      sent += buffer.length;
      yield buffer;
      chunk = '';
    }
  }
  if (chunk !== '') yield Buffer.from(chunk);
}

function upload(url: string, token: string, bytes: number): Promise<{ status: number; body: string }> {
  const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' } });
  const answer = answerOf(req);
  const chunks = generated(bytes);
  const pump = () => {
    for (let next = chunks.next(); next.done !== true; next = chunks.next()) {
      if (!req.write(next.value)) return void req.once('drain', pump);
    }
    req.end();
  };
  pump();
  return answer;
}

async function run(name: TargetName): Promise<Row> {
  const { opened, close } = await openTarget(name);
  // An upload of 100 MiB outlasts the default 30 s request timeout on a slow database: raised here (see the results).
  const config = loadConfig({ LOG_LEVEL: 'silent', CATALOGUE_MAX_BYTES: String(BYTES * 2) });
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: opened });
  const { token } = await createAccount(container.db, { name: 'bench', credits: 0, imageStandardization: false });
  const app = await buildApp(container);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const res = await upload(`${address}/api/v1/catalogue/imports`, token, BYTES);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 500)}`);
    const data = (JSON.parse(res.body) as { data: { rows_read: number; rows_imported: number; bytes_read: number } }).data;
    return {
      target: name,
      mib: data.bytes_read / MIB,
      rows: data.rows_read,
      imported: data.rows_imported,
      seconds,
      rowsPerSecond: data.rows_read / seconds,
      mibPerSecond: data.bytes_read / MIB / seconds,
      baselineRssMib: baseline / MIB,
      peakRssMib: peak / MIB,
    };
  } finally {
    await app.close();
    await container.close({ graceful: false });
    await close();
  }
}

const rows: Row[] = [];
for (const name of targetNames()) rows.push(await run(name));
const table = [
  '| database | MiB sent | rows read | rows imported | seconds | rows/s | MiB/s | RSS before (MiB) | peak RSS (MiB) |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.target} | ${r.mib.toFixed(1)} | ${r.rows} | ${r.imported} | ${r.seconds.toFixed(1)} | ${Math.round(r.rowsPerSecond)} | ${r.mibPerSecond.toFixed(2)} | ${Math.round(r.baselineRssMib)} | ${Math.round(r.peakRssMib)} |`,
  ),
].join('\n');
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GiB RAM, Node ${process.version}`;
console.log(table);
console.log(`\n${machine}`);
if (process.env.BENCH_WRITE === '1') {
  await writeFile(
    new URL('results/catalogue-import.md', import.meta.url),
    `# Catalogue upload: ${Math.round(BYTES / MIB)} MiB of CSV streamed over HTTP\n\n\`node bench/catalogue-import.ts\` on ${machine}, ${new Date().toISOString().slice(0, 10)}.\n\n${table}\n`,
  );
}
