// Peak memory of picture work: 20 MiB pictures fetched through the real guarded fetcher, standardised
// and scaled down for a model, with many jobs in flight. The parent serves the pictures on loopback;
// each row runs in a child process of its own, so its peak memory (maxRSS) is the workload's only.
//
//   node bench/memory.ts                  print the table
//   BENCH_WRITE=1 node bench/memory.ts    and write results/memory.md
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/config.ts';
import { createGuardedFetcher } from '../src/media/guarded-fetch.ts';
import { imageForModel } from '../src/media/image-for-model.ts';
import { FileMediaStorage } from '../src/media/file-media-storage.ts';
import { configureSharp } from '../src/media/sharp-settings.ts';
import { standardiseProductImages } from '../src/media/standardise-product-images.ts';

const MiB = 1024 * 1024;
const JOBS = Number(process.env.BENCH_JOBS ?? 32);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 32);
/** Settings of each row, as environment for the child; empty means the service's defaults. */
const ROWS: readonly Record<string, string>[] = process.env.BENCH_ROWS === 'default' ? [{}] : [{}, { FETCH_MEMORY_BUDGET_BYTES: String(64 * MiB), IMAGE_DECODES_AT_ONCE: '1' }];

interface ChildResult {
  settings: Record<string, string>;
  jobs: number;
  inFlight: number;
  pictures: { standardised: number; failed: number; forModel: number; modelFailed: number };
  errors: string[];
  seconds: number;
  baselineRssMiB: number;
  peakRssMiB: number;
  maxRssMiB: number;
}

/** Noise pictures: incompressible enough that each is close to the 20 MiB FETCH_MAX_BYTES. */
async function pictures(): Promise<{ jpeg: Buffer; png: Buffer; width: number; height: number }> {
  const width = 5600;
  const height = 4200;
  const noise = randomBytes(width * height * 3);
  const raw = { raw: { width, height, channels: 3 as const } };
  const jpeg = await sharp(Buffer.from(noise.map((b) => 64 + (b & 127))), raw)
    .jpeg({ quality: 95 })
    .toBuffer();
  const png = await sharp(Buffer.from(noise.map((b) => 100 + (b & 3) * 8)), raw)
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { jpeg, png, width, height };
}

function serve(files: Record<string, Buffer>): Server {
  return createServer((req, res) => {
    const body = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.byteLength }).end(body);
  });
}

/** One row, in this (child) process: JOBS products of two pictures, IN_FLIGHT at a time. */
async function child(base: string): Promise<ChildResult> {
  const host = new URL(base).host;
  const media = await mkdtemp(join(tmpdir(), 'vetrina-bench-memory-'));
  // 127.0.0.1 alone for code that predates ports in FETCH_ALLOWED_HOSTS, host:port for code that has them.
  const config = loadConfig({ ...process.env, FETCH_ALLOWED_HOSTS: `127.0.0.1,${host}`, MEDIA_DIR: media });
  const fetcher = createGuardedFetcher({ ...config.fetch, userAgent: 'VetrinaBench/1' });
  configureSharp(config.media);
  const storage = new FileMediaStorage(config.media.dir);
  const baselineRss = process.memoryUsage.rss();
  let peakRss = baselineRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 10);
  const counts = { standardised: 0, failed: 0, forModel: 0, modelFailed: 0, errors: new Set<string>() };
  const started = performance.now();
  let next = 0;
  const job = async (i: number) => {
    // Each product names its own URLs, so nothing is shared between jobs; within a job, the model
    // reads the pictures while they are standardised (the worst case for memory).
    const urls = [`${base}/p${i}.jpg`, `${base}/p${i}.png`];
    const [standardised] = await Promise.all([
      standardiseProductImages(
        urls.map((url) => ({ url, source: 'caller', licence: null })),
        { fetcher, storage, publicBaseUrl: 'https://shop.example', image: { size: config.media.size, maxInputPixels: config.media.maxInputPixels } },
      ),
      (async () => {
        for (const url of urls) {
          // As in the service (read-images.ts): a picture the model cannot have is a message, not a failed job.
          try {
            await imageForModel(fetcher, url, { maxInputPixels: config.media.maxInputPixels });
            counts.forModel++;
          } catch (err) {
            counts.modelFailed++;
            counts.errors.add(err instanceof Error ? err.message.replace(/\d+/g, 'N') : String(err));
          }
        }
      })(),
    ]);
    for (const image of standardised.images) {
      if (image.renditions.length > 0) counts.standardised++;
      else counts.failed++;
    }
    for (const message of standardised.messages) counts.errors.add(message.replace(/\d+/g, 'N'));
  };
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < JOBS) await job(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await fetcher.close();
  await rm(media, { recursive: true, force: true });
  const settings = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('FETCH_MEMORY') || k.startsWith('IMAGE_DECODES'))) as Record<string, string>;
  return {
    settings,
    jobs: JOBS,
    inFlight: IN_FLIGHT,
    pictures: { standardised: counts.standardised, failed: counts.failed, forModel: counts.forModel, modelFailed: counts.modelFailed },
    errors: [...counts.errors],
    seconds,
    baselineRssMiB: baselineRss / MiB,
    peakRssMiB: peakRss / MiB,
    maxRssMiB: (process.resourceUsage().maxRSS * 1024) / MiB,
  };
}

async function runRow(base: string, settings: Record<string, string>): Promise<ChildResult> {
  const proc = spawn(process.execPath, [process.argv[1] ?? 'bench/memory.ts', '--child', base], { env: { ...process.env, ...settings }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code] = await once(proc, 'exit');
  if (code !== 0) throw new Error(`row ${JSON.stringify(settings)} exited with ${String(code)}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ChildResult;
}

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} + changes to src/` : head;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child') {
    process.stdout.write(`${JSON.stringify(await child(process.argv[3] ?? ''))}\n`);
    return;
  }
  const made = await pictures();
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < JOBS; i++) {
    files[`/p${i}.jpg`] = made.jpeg;
    files[`/p${i}.png`] = made.png;
  }
  const server = serve(files);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows: ChildResult[] = [];
  try {
    for (const settings of ROWS) rows.push(await runRow(base, settings));
  } finally {
    server.close();
  }
  const defaults = loadConfig({});
  const lines = [
    `# Memory of picture work (bench/memory.ts)`,
    '',
    `Commit ${commit()}; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}.`,
    `Pictures: a ${(made.jpeg.byteLength / MiB).toFixed(1)} MiB JPEG and a ${(made.png.byteLength / MiB).toFixed(1)} MiB PNG, ${made.width}×${made.height} (${((made.width * made.height) / 1e6).toFixed(1)} MP), served on loopback by the parent process.`,
    `${JOBS} products of those two pictures, ${IN_FLIGHT} in flight; each standardised (6 renditions) and scaled down for a model side by side, through the guarded fetcher.`,
    `Defaults: FETCH_MAX_BYTES ${defaults.fetch.maxBytes / MiB} MiB, IMAGE_MAX_INPUT_PIXELS ${defaults.media.maxInputPixels / 1e6} MP.`,
    '',
    '| settings | standardised / failed | for the model / failed | seconds | RSS at start MiB | peak RSS (sampled) MiB | maxRSS MiB |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => {
      const settings =
        Object.entries(r.settings)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ') || 'defaults';
      return `| ${settings} | ${r.pictures.standardised} / ${r.pictures.failed} | ${r.pictures.forModel} / ${r.pictures.modelFailed} | ${r.seconds.toFixed(1)} | ${r.baselineRssMiB.toFixed(0)} | ${r.peakRssMiB.toFixed(0)} | ${r.maxRssMiB.toFixed(0)} |`;
    }),
  ];
  const errors = [...new Set(rows.flatMap((r) => r.errors))];
  if (errors.length > 0) lines.push('', 'Failures seen (digits as N):', '', ...errors.map((e) => `- ${e}`));
  const table = lines.join('\n');
  process.stdout.write(`${table}\n`);
  if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/memory.md', import.meta.url), `${table}\n`);
}

await main();
