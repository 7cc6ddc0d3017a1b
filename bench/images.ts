// Image standardisation benchmark: 100 mixed product pictures (400–4000 px, JPEG, PNG with alpha,
// WebP), generated once, standardised to the six renditions under several settings. Each setting
// runs in a child process of its own, so its peak memory (maxRSS) is its own.
//
//   node bench/images.ts                  print the table
//   BENCH_WRITE=1 node bench/images.ts    and write results/images.md
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { standardiseImage } from '../src/media/standardise-image.ts';
import { productPicture, type ProductShape } from '../test/helpers/product-pictures.ts';

const COUNT = Number(process.env.BENCH_IMAGES ?? 100);
const OPTIONS = { size: 1200, maxInputPixels: 40_000_000 };
/**
 * libvips threads per operation (sharp.concurrency), images standardised at once, and glibc's
 * MALLOC_ARENA_MAX (unset = glibc's default of 8 per core): libvips' worker threads each get a
 * malloc arena, and fragmentation across arenas is most of the peak memory.
 */
const SETTINGS: readonly { sharpConcurrency: number; imagesAtOnce: number; arenas: string | undefined }[] = [
  { sharpConcurrency: 1, imagesAtOnce: 1, arenas: undefined },
  { sharpConcurrency: 1, imagesAtOnce: 2, arenas: undefined },
  { sharpConcurrency: 2, imagesAtOnce: 1, arenas: undefined },
  { sharpConcurrency: 2, imagesAtOnce: 2, arenas: undefined },
  { sharpConcurrency: 1, imagesAtOnce: 2, arenas: '2' },
  { sharpConcurrency: 2, imagesAtOnce: 2, arenas: '2' },
];

interface RowResult {
  arenas: string;
  sharpConcurrency: number;
  imagesAtOnce: number;
  images: number;
  seconds: number;
  baselineRssMiB: number;
  peakRssMiB: number;
  maxRssMiB: number;
}

const MiB = 1024 * 1024;

/** A deterministic mix: every third picture of each format, sizes spread over 400–4000 px. */
async function generate(dir: string): Promise<{ jpeg: number; png: number; webp: number; megapixels: number }> {
  const shapes: ProductShape[] = ['bottle', 'box', 'jar', 'tube'];
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const mix = { jpeg: 0, png: 0, webp: 0, megapixels: 0 };
  for (let i = 0; i < COUNT; i++) {
    const long = Math.round(400 + random() * 3600);
    const aspect = 0.6 + random() * 0.8;
    const width = aspect >= 1 ? long : Math.round(long * aspect);
    const height = aspect >= 1 ? Math.round(long / aspect) : long;
    const format = (['jpeg', 'png', 'webp'] as const)[i % 3] ?? 'jpeg';
    const scene = {
      width,
      height,
      shape: shapes[i % shapes.length] ?? 'box',
      hue: Math.round(random() * 360),
      background: format === 'png' ? 'none' : i % 2 === 0 ? '#ffffff' : '#d8d8d8',
      centreX: 0.35 + random() * 0.3,
      ...(format === 'jpeg' && i % 4 === 0 ? { border: { size: Math.round(long / 10), colour: '#fbfbfb' } } : {}),
    };
    const bytes = await productPicture(scene, format, 85);
    const meta = await sharp(bytes).metadata();
    mix[format] += 1;
    mix.megapixels += (meta.width * meta.height) / 1_000_000;
    await writeFile(join(dir, `${String(i).padStart(3, '0')}.${format}`), bytes);
  }
  return mix;
}

/** Child process: one setting, over the pictures in `dir`; prints one JSON line. */
async function runRow(dir: string, sharpConcurrency: number, imagesAtOnce: number): Promise<void> {
  sharp.concurrency(sharpConcurrency);
  // Every picture is new, so libvips' operation cache could only hold memory; off, as in the worker.
  sharp.cache(false);
  const names = (await readdir(dir)).sort();
  const inputs = await Promise.all(names.map((n) => readFile(join(dir, n))));
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  // libvips works on the libuv thread pool, so the event loop is free to sample.
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < inputs.length) {
      const input = inputs[next++];
      if (input) await standardiseImage(input, OPTIONS);
    }
  };
  await Promise.all(Array.from({ length: imagesAtOnce }, lane));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  const result: RowResult = {
    arenas: process.env.MALLOC_ARENA_MAX ?? 'default',
    sharpConcurrency,
    imagesAtOnce,
    images: inputs.length,
    seconds,
    baselineRssMiB: baseline / MiB,
    peakRssMiB: peak / MiB,
    // resourceUsage reports kilobytes.
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function child(dir: string, setting: (typeof SETTINGS)[number]): Promise<RowResult> {
  const { sharpConcurrency, imagesAtOnce, arenas } = setting;
  const env = { ...process.env };
  if (arenas === undefined) delete env.MALLOC_ARENA_MAX;
  else env.MALLOC_ARENA_MAX = arenas;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [import.meta.filename, '--row', dir, String(sharpConcurrency), String(imagesAtOnce)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    });
    let out = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) return reject(new Error(`row ${sharpConcurrency}/${imagesAtOnce} exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as RowResult);
    });
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vetrina-bench-images-'));
  try {
    const mix = await generate(dir);
    const rows: RowResult[] = [];
    for (const setting of SETTINGS) {
      const row = await child(dir, setting);
      rows.push(row);
      console.error(
        `sharp.concurrency(${row.sharpConcurrency}), ${row.imagesAtOnce} at once, MALLOC_ARENA_MAX ${row.arenas}: ${(row.images / row.seconds).toFixed(2)} images/s, peak RSS ${row.peakRssMiB.toFixed(0)} MiB`,
      );
    }
    const cpu = cpus();
    const lines = [
      '## Image standardisation',
      '',
      `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}, sharp ${sharp.versions.sharp ?? '?'} / libvips ${sharp.versions.vips}, ${new Date().toISOString()}.`,
      '',
      `${COUNT} synthetic product pictures generated at start: ${mix.jpeg} JPEG (some with a near-white border), ${mix.png} PNG with a transparent background, ${mix.webp} WebP; long side 400–4000 px, ${(mix.megapixels / COUNT).toFixed(1)} megapixels on average. Each is standardised to a ${OPTIONS.size} px square plus 500 and 200 px, each as JPEG (mozjpeg, q85) and WebP (q82): ${COUNT * 6} files per row. Fetching, fingerprinting and writing to disk are not included. \`sharp.cache(false)\`; each row in a fresh process.`,
      '',
      '| sharp.concurrency | images at once | MALLOC_ARENA_MAX | images/s | s per image (wall) | RSS before MiB | peak RSS sampled MiB | maxRSS MiB |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.sharpConcurrency} | ${r.imagesAtOnce} | ${r.arenas} | ${(r.images / r.seconds).toFixed(2)} | ${(r.seconds / r.images).toFixed(3)} | ${r.baselineRssMiB.toFixed(0)} | ${r.peakRssMiB.toFixed(0)} | ${r.maxRssMiB.toFixed(0)} |`,
      ),
      '',
      `RSS before: the process with all ${COUNT} inputs loaded, before the first picture. Peak RSS sampled every 5 ms during the run; maxRSS from \`process.resourceUsage()\` for the whole process. The six encodes of one picture run in parallel on the libuv pool (4 threads) whatever the settings; \`sharp.concurrency\` is libvips' threads within each operation.`,
      '',
    ];
    const table = lines.join('\n');
    console.log(table);
    if (process.env.BENCH_WRITE === '1') await writeFile(join(import.meta.dirname, 'results', 'images.md'), table);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--row') {
  const [dir, c, p] = process.argv.slice(3);
  await runRow(dir ?? '', Number(c), Number(p));
} else {
  await main();
}
