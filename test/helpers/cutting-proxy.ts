// A proxy on loopback between a pool and PostgreSQL that cuts the next connection at a chosen
// message: before the server has it, or once the server has answered it, so a test can lose a
// statement's answer after the server committed it. The pool must not prepare its statements, so
// their text (the marker) goes with every call.
import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { openPostgres } from '../../src/db/postgres-database.ts';
import { createServerDatabase, onServerDatabase, type DatabaseTarget } from './databases.ts';

/**
 * Where the next connection is cut: when the client sends a message holding `marker`, before it
 * reaches the server (`sent`), or once the server has answered it (`answered`).
 */
export type Cut = { marker: string; when: 'sent' | 'answered' };

export const BEGIN: Cut = { marker: 'BEGIN\0', when: 'sent' };
export const COMMIT: Cut = { marker: 'COMMIT\0', when: 'answered' };

export interface CuttingProxy {
  url: string;
  /** Cuts the next connection that sends `cut.marker`; resolves once it is cut. */
  cutOn(cut: Cut): Promise<void>;
  close(): Promise<void>;
}

/**
 * A database of its own on the server at `serverUrl` whose service pool goes through a cutting
 * proxy; the queue's own connections go straight to the server. Unprepared statements, so each
 * statement's text (a marker) goes with every call.
 */
export async function behindCuttingProxy(serverUrl: string): Promise<{ target: DatabaseTarget; proxy: CuttingProxy }> {
  const database = await createServerDatabase(serverUrl);
  const proxy = await startCuttingProxy(database.url);
  const target: DatabaseTarget = {
    name: 'postgres',
    async open() {
      return onServerDatabase(database, openPostgres(proxy.url, 4, { preparedStatements: false }));
    },
  };
  return { target, proxy };
}

export async function startCuttingProxy(upstreamUrl: string): Promise<CuttingProxy> {
  const upstream = new URL(upstreamUrl);
  let armed: Cut | null = null;
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
      // The server has answered: what it committed is durable, and the client never hears so.
      client.destroy();
      db.destroy();
      cutDone();
    });
    client.on('data', (chunk: Buffer) => {
      const cut = armed;
      if (cut !== null && chunk.includes(Buffer.from(cut.marker))) {
        armed = null;
        if (cut.when === 'sent') {
          // Never sent: the server sees the connection go before the statement.
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
    cutOn(cut) {
      armed = cut;
      return new Promise<void>((resolve) => (cutDone = resolve));
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
