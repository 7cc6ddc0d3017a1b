import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { openPostgres } from '../../src/db/postgres-database.ts';
import { createServerDatabase } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// A create whose connection to PostgreSQL is lost: lost before COMMIT was sent, the server rolled
// it back and the 503 may say nothing was charged; lost while COMMIT was answered, it may have
// been charged, and the 503 must not promise otherwise (a retry on that promise charges twice).
// A proxy on loopback between the API's pool and the server cuts the connection at that moment.
// PostgreSQL only: PGlite runs in the process and has no connection to lose.

/** Which statement, sent as a simple query, the next connection is cut on. */
type Cut = 'BEGIN' | 'COMMIT' | null;

async function startCuttingProxy(upstreamUrl: string): Promise<{ url: string; cutOn(statement: Cut): Promise<void>; close(): Promise<void> }> {
  const upstream = new URL(upstreamUrl);
  let armed: Cut = null;
  let cutDone: () => void = () => {};
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const db = connect(Number(upstream.port || 5432), upstream.hostname);
    for (const s of [client, db]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    let cutting = false;
    db.on('data', (chunk: Buffer) => {
      if (!cutting) {
        client.write(chunk);
        return;
      }
      // The server has answered the COMMIT: it is durable, and the client never hears so.
      client.destroy();
      db.destroy();
      cutDone();
    });
    client.on('data', (chunk: Buffer) => {
      const statement = armed;
      if (statement !== null && chunk.includes(Buffer.from(`${statement}\0`))) {
        armed = null;
        if (statement === 'BEGIN') {
          // Never sent: the server sees the connection go before the transaction begins.
          client.destroy();
          db.destroy();
          cutDone();
          return;
        }
        cutting = true;
      }
      db.write(chunk);
    });
    client.on('close', () => db.destroy());
    db.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const proxied = new URL(upstreamUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);
  return {
    url: proxied.toString(),
    cutOn(statement) {
      armed = statement;
      return new Promise<void>((resolve) => (cutDone = resolve));
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe('a create whose database connection is lost [postgres]', { skip: serverUrl === undefined ? 'needs TEST_DATABASE_URL' : false }, () => {
  let h: Harness;
  let proxy: Awaited<ReturnType<typeof startCuttingProxy>>;
  before(async () => {
    const database = await createServerDatabase(serverUrl ?? '');
    proxy = await startCuttingProxy(database.url);
    h = await startHarness(
      {
        name: 'postgres',
        async open() {
          // The API's pool goes through the proxy; the queue's own connections go straight to the server.
          const db = openPostgres(proxy.url, 4);
          return {
            db,
            queue: { connectionString: database.url },
            url: database.url,
            async close() {
              await db.close();
              await database.drop();
            },
          };
        },
      },
      { workers: false },
    );
  });
  after(async () => {
    await h.close();
    await proxy.close();
  });

  const body = { title: 'Borraccia termica 500 ml', brand: 'Laken', description: 'Acciaio inossidabile.', countries: ['it'] };

  test('lost while COMMIT was answered: 503 unavailable saying the outcome is unknown, not that nothing was charged', async () => {
    const { id, token } = await h.account(10);
    const cut = proxy.cutOn('COMMIT');
    const res = await h.post('/api/v1/products/create', token, { ...body, sku: 'lost-commit' });
    await cut;
    assert.equal(res.statusCode, 503, res.body);
    const answer = res.json<{ code: string; message: string }>();
    assert.equal(answer.code, 'unavailable');
    assert.doesNotMatch(answer.message, /nothing was (accepted|charged)/i);
    assert.match(answer.message, /unknown/i);
    assert.match(answer.message, /balance/i);
    // Why the message must not promise otherwise: the commit went through.
    assert.equal((await h.balance(id)).credits, 5, 'the create was charged');
  });

  test('lost before the transaction began: 503 unavailable that may say nothing was accepted, and nothing was', async () => {
    const { id, token } = await h.account(10);
    const cut = proxy.cutOn('BEGIN');
    const res = await h.post('/api/v1/products/create', token, { ...body, sku: 'lost-begin' });
    await cut;
    assert.equal(res.statusCode, 503, res.body);
    assert.match(res.json<{ message: string }>().message, /nothing was accepted or charged/);
    assert.equal((await h.balance(id)).credits, 10);
  });
});
