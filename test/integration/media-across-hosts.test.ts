import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { defined } from '../helpers/assert.ts';
import { startServer, startWorkerProcess, stopAllServers, type Server, type WorkerProcess } from '../helpers/cli-server.ts';
import { createServerDatabase } from '../helpers/databases.ts';
import { onlyJson, runCli } from '../helpers/run-cli.ts';
import { startPictureServer, type PictureServer } from '../helpers/picture-server.ts';
import { startS3Server, type S3Server } from '../helpers/s3-server.ts';

// The deployment MEDIA_STORE=s3 is for: an API process and two worker processes, each with a data
// and temporary directory of its own (no disk in common, as on three hosts), one PostgreSQL and
// one bucket. Every rendition a worker stored is served by the API, which stored none itself.
// PGlite is one process's database, so this runs on the server only.

const serverUrl = process.env.TEST_DATABASE_URL;
const PRODUCTS = 10;

interface Rendition {
  url: string;
  bytes: number;
}

describe('API and two workers with no disk in common [postgres]', { skip: serverUrl === undefined ? 'TEST_DATABASE_URL is not set' : false }, () => {
  let s3: S3Server;
  let pictures: PictureServer;
  let database: { url: string; drop(): Promise<void> };
  const dirs: string[] = [];
  let api: Server;
  const workers: WorkerProcess[] = [];

  /** A host of its own: its DATA_DIR (where MEDIA_DIR would default) and TMPDIR. */
  const host = async (name: string) => {
    const dir = await mkdtemp(join(tmpdir(), `vetrina-host-${name}-`));
    dirs.push(dir);
    return { DATA_DIR: join(dir, 'data'), TMPDIR: dir };
  };

  before(async () => {
    if (serverUrl === undefined) return;
    s3 = await startS3Server();
    pictures = await startPictureServer();
    database = await createServerDatabase(serverUrl);
    const shared = s3.env({
      DATABASE_URL: database.url,
      FETCH_ALLOWED_HOSTS: pictures.host,
      PUBLIC_BASE_URL: 'https://shop.example',
      GENERATION_POLL_SECONDS: '0.5',
      GENERATION_CONCURRENCY: '2',
      GENERATION_FETCH_SIZE: '2',
    });
    api = await startServer({ ...shared, ...(await host('api')) }, ['--no-worker']);
    for (const name of ['worker-a', 'worker-b']) workers.push(await startWorkerProcess({ ...shared, ...(await host(name)) }));
  });

  after(async () => {
    if (serverUrl === undefined) return;
    await Promise.all([api?.stop(), ...workers.map((w) => w.stop())]);
    stopAllServers();
    await database?.drop();
    await pictures?.close();
    await s3?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  test('every rendition stored by either worker is served by the API', { timeout: 180_000 }, async () => {
    const account = onlyJson(
      await runCli(['accounts', 'create', '--name', 'shop', '--credits', '1000', '--image-standardization', '--json'], { DATABASE_URL: database.url, ...s3.env() }),
    );
    const token = String(account.token);
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${api.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });

    const ids: string[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const res = await call('/api/v1/products/create', {
        method: 'POST',
        body: JSON.stringify({
          sku: `FLASK-${i}`,
          title: `Borraccia ${i}`,
          description: 'Borraccia in acciaio inox da 500 ml.',
          images: [`${pictures.base}/bottle-${i}.png`, `${pictures.base}/box-${i}.png`],
          countries: ['it'],
        }),
      });
      assert.equal(res.status, 202, await res.clone().text());
      ids.push(defined(((await res.json()) as { data: { imported_products: { id: string }[] } }).data.imported_products[0]).id);
    }

    const done = () => workers.reduce((n, w) => n + w.finished.length, 0);
    const signal = AbortSignal.timeout(150_000);
    while (done() < PRODUCTS) await Promise.race(workers.map((w) => once(w.progress, 'finished', { signal })));
    const [a, b] = workers.map((w) => w.finished.length);
    assert.ok(a !== undefined && b !== undefined && a > 0 && b > 0, `both workers took work (${a} + ${b})`);

    let served = 0;
    for (const id of ids) {
      const details = (await (await call(`/api/v1/products/details/${id}/it`)).json()) as { product: { state: string; images: { renditions: Rendition[] }[] } };
      assert.equal(details.product.state, 'completed');
      const renditions = details.product.images.flatMap((image) => image.renditions);
      assert.equal(renditions.length, 12, `product ${id}: two pictures, six renditions each`);
      for (const r of renditions) {
        const [, hash, ext] = defined(/\/media\/([0-9a-f]{64})\.(jpg|webp)$/.exec(r.url), r.url);
        const res = await fetch(`${api.url}${new URL(r.url).pathname}`);
        assert.equal(res.status, 200, r.url);
        assert.equal(res.headers.get('content-type'), ext === 'jpg' ? 'image/jpeg' : 'image/webp');
        const bytes = Buffer.from(await res.arrayBuffer());
        assert.equal(bytes.length, r.bytes);
        assert.equal(createHash('sha256').update(bytes).digest('hex'), hash, 'the bytes are the ones named');
        served += 1;
      }
    }
    assert.equal(served, PRODUCTS * 12);

    for (const dir of dirs) {
      const files = await readdir(dir, { recursive: true });
      assert.deepEqual(
        files.filter((f) => /\.(jpg|webp)$/.test(f)),
        [],
        `no rendition on the disk of ${dir}`,
      );
    }
  });
});
