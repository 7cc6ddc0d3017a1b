// A client that hangs up on a catalogue upload while the server is still busy with the request
// (its token being read, its import being recorded): the server lives on and the import is not
// left running. The server is held at that point by a lock on the real PostgreSQL.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { untilWaitingOnLock } from '../helpers/lock-waits.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Until the server has no connection open: the hang-up has reached it. */
async function untilNoConnections(h: Harness): Promise<void> {
  for (;;) {
    const open = await new Promise<number>((resolve, reject) => h.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
    if (open === 0) return;
    await sleep(20);
  }
}

/** The states and failures of the account's imports once none is running. */
async function settledImports(h: Harness, accountId: string): Promise<{ state: string; failure: string | null }[]> {
  for (;;) {
    const rows = await h.container.db.query<{ state: string; failure: string | null }>('SELECT state, failure FROM catalogue_imports WHERE account_id = $1', [accountId]);
    if (rows.length > 0 && rows.every((r) => r.state !== 'running')) return rows;
    await sleep(20);
  }
}

describe('a client that hangs up on a catalogue upload while the server is busy with it [postgres]', { skip: serverUrl === undefined ? 'needs TEST_DATABASE_URL' : false }, () => {
  for (const [when, table, statement] of [
    ['while its token is read', 'api_tokens', '%FROM api_tokens%'],
    // Its slot is counted, under a lock, before the import is recorded.
    ['while its import is recorded', 'catalogue_imports', '%AND account_id IS NOT DISTINCT FROM%'],
  ] as const) {
    test(`${when}: the server lives on and the import is marked failed, cut off`, { timeout: 120_000 }, async () => {
      const target = databaseTargets().find((t) => t.name === 'postgres');
      assert.ok(target);
      const h = await startHarness(target, { workers: false });
      const url = h.database.url ?? assert.fail('no url');
      const holder = new pg.Client({ connectionString: url });
      const watcher = new pg.Client({ connectionString: url });
      await Promise.all([holder.connect(), watcher.connect()]);
      try {
        await h.app.listen({ port: 0, host: '127.0.0.1' });
        const { id, token } = await h.account(10);
        await holder.query('BEGIN');
        await holder.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
        const socket = connect((h.app.server.address() as AddressInfo).port, '127.0.0.1');
        socket.on('error', () => {});
        await once(socket, 'connect');
        socket.write(
          `POST /api/v1/catalogue/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: text/csv\r\nContent-Length: 100000\r\n\r\nean,title\n4006381333931,Tazza\n`,
        );
        await untilWaitingOnLock(watcher, 1, statement);
        socket.destroy();
        await untilNoConnections(h);
        await holder.query('COMMIT');

        const imports = await settledImports(h, id);
        assert.deepEqual(imports, [{ state: 'failed', failure: 'the upload was cut off before its end' }]);
        assert.equal((await h.get('/api/v1/account', token)).statusCode, 200, 'the server still answers');
      } finally {
        await holder.query('ROLLBACK').catch(() => {});
        await Promise.all([holder.end(), watcher.end()]);
        await h.close();
      }
    });
  }
});
