import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onlyJson, runCli, type Env } from '../helpers/run-cli.ts';
import { startServer, stopAllServers, type Server } from '../helpers/cli-server.ts';
import { defined } from '../helpers/assert.ts';

// The real `vetrina` CLI and server, driven as child processes, the way an operator uses them.

after(stopAllServers);

const TOKEN = /vt_[0-9a-f]{16}_[A-Za-z0-9_-]{43}/g;

function tokenId(token: string): string {
  const match = /^vt_([0-9a-f]{16})_/.exec(token);
  assert.ok(match !== null, `not a token: ${token}`);
  return defined(match[1], 'token id');
}

async function getAccount(server: Server, token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/v1/account`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('vetrina CLI on an embedded data directory', () => {
  let dir: string;
  let env: Env;
  let shop: { id: string; token: string };
  let secondToken: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vetrina-cli-'));
    env = { DATA_DIR: join(dir, 'data') };
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('accounts create on a fresh data directory migrates and prints one JSON object with id, name, credits and token', async () => {
    assert.equal(existsSync(defined(env.DATA_DIR, 'DATA_DIR')), false);
    const created = onlyJson(await runCli(['accounts', 'create', '--name', 'shop', '--credits', '50', '--json'], env));
    assert.match(String(created.id), /^[0-9a-f-]{36}$/);
    assert.equal(created.name, 'shop');
    assert.equal(created.credits, 50);
    assert.match(String(created.token), /^vt_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    shop = { id: String(created.id), token: String(created.token) };
  });

  test('accounts create refuses a name that already exists (exit 1)', async () => {
    const again = await runCli(['accounts', 'create', '--name', 'shop', '--credits', '5'], env);
    assert.equal(again.code, 1, again.stderr);
    assert.match(again.stderr, /already exists/);
  });

  test('accounts credit adds to the balance', async () => {
    const credited = onlyJson(await runCli(['accounts', 'credit', 'shop', '25', '--json'], env));
    assert.equal(credited.id, shop.id);
    assert.equal(credited.credits, 75);
  });

  test('accounts credit refuses to take the balance below zero and leaves it unchanged', async () => {
    const refused = await runCli(['accounts', 'credit', 'shop', '-100'], env);
    assert.equal(refused.code, 1, `stdout: ${refused.stdout}\nstderr: ${refused.stderr}`);
    assert.match(refused.stderr, /below 0|75/);

    const asJson = await runCli(['accounts', 'credit', 'shop', '-100', '--json'], env);
    assert.equal(asJson.code, 1);
    assert.equal(JSON.parse(asJson.stdout.trim()).status, 'error', 'with --json the refusal is one JSON object too');

    // Any command that prints the account shows the balance: still 75.
    const shown = onlyJson(await runCli(['accounts', 'set', 'shop', '--image-standardization', 'off', '--json'], env));
    assert.equal(shown.credits, 75);
  });

  test('accounts set turns image standardization on', async () => {
    const set = onlyJson(await runCli(['accounts', 'set', 'shop', '--image-standardization', 'on', '--json'], env));
    assert.equal(set.name, 'shop');
    assert.equal(set.image_standardization, true);
    assert.equal(set.credits, 75);
  });

  test('tokens create issues a new, different token for the account', async () => {
    const issued = onlyJson(await runCli(['tokens', 'create', 'shop', '--json'], env));
    assert.equal(issued.id, shop.id);
    assert.match(String(issued.token), /^vt_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    assert.notEqual(issued.token, shop.token);
    secondToken = String(issued.token);
  });

  test('tokens revoke revokes by id once; a second revoke of the same id is refused', async () => {
    const revoked = await runCli(['tokens', 'revoke', tokenId(secondToken)], env);
    assert.equal(revoked.code, 0, revoked.stderr);
    const again = await runCli(['tokens', 'revoke', tokenId(secondToken)], env);
    assert.equal(again.code, 1, again.stderr);
  });

  test('an unknown command or malformed arguments exit 2 with the usage text', async () => {
    for (const args of [['frobnicate'], ['accounts', 'delete', 'shop'], ['accounts', 'credit', 'shop', 'lots']]) {
      const result = await runCli(args, env);
      assert.equal(result.code, 2, `${args.join(' ')}: exit ${result.code}`);
      assert.match(result.stderr, /Usage: vetrina/, args.join(' '));
    }
  });

  test('while a server holds the data directory the CLI refuses; after the server stops it works', async () => {
    const server = await startServer(env);
    try {
      const refused = await runCli(['accounts', 'create', '--name', 'other', '--json'], env);
      assert.equal(refused.code, 1, `stdout: ${refused.stdout}\nstderr: ${refused.stderr}`);
      assert.match(refused.stdout + refused.stderr, /data directory .* in use/i);

      // What the CLI did above is what the server serves.
      const first = await getAccount(server, shop.token);
      assert.equal(first.status, 200);
      assert.deepEqual(first.body.data, { id: shop.id, name: 'shop', credits: 75, settings: { image_standardization: true } });
      assert.equal((await getAccount(server, secondToken)).status, 401, 'the revoked token is refused');
      assert.equal(server.output().match(TOKEN), null, 'a data directory with accounts gets no default account token');
    } finally {
      assert.equal(await server.stop(), 0, `server exit code after SIGTERM:\n${server.output()}`);
    }
    const created = onlyJson(await runCli(['accounts', 'create', '--name', 'other', '--json'], env));
    assert.equal(created.name, 'other');
    assert.equal(created.credits, 0);
  });
});

describe('vetrina serve on a fresh data directory', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vetrina-serve-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('the first start prints the default account token once; a second start prints none and the token still works', async () => {
    const env = { DATA_DIR: join(dir, 'data') };
    const first = await startServer(env);
    let token: string;
    try {
      const tokens = first.output().match(TOKEN) ?? [];
      assert.equal(tokens.length, 1, `expected one token in the first start's output:\n${first.output()}`);
      token = defined(tokens[0], 'printed token');
      const account = await getAccount(first, token);
      assert.equal(account.status, 200);
      assert.deepEqual(account.body.data, {
        id: (account.body.data as { id: string }).id,
        name: 'default',
        credits: 1000,
        settings: { image_standardization: false },
      });
    } finally {
      assert.equal(await first.stop(), 0, first.output());
    }

    const second = await startServer(env);
    try {
      assert.equal(second.output().match(TOKEN), null, `the second start printed a token:\n${second.output()}`);
      assert.equal((await getAccount(second, token)).status, 200);
    } finally {
      assert.equal(await second.stop(), 0, second.output());
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  describe('vetrina CLI against a PostgreSQL server (DATABASE_URL)', () => {
    const name = `vetrina_cli_${randomBytes(6).toString('hex')}`;
    let dir: string;
    let databaseUrl: string;

    async function admin<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl ?? ''): Promise<T> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    }

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'vetrina-cli-pg-'));
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      const u = new URL(serverUrl ?? '');
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
    });
    after(async () => {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await rm(dir, { recursive: true, force: true });
    });

    test('accounts create and credit work on a fresh server database, and leave DATA_DIR untouched', async () => {
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: join(dir, 'unused') };
      const created = onlyJson(await runCli(['accounts', 'create', '--name', 'shop', '--credits', '50', '--json'], env));
      assert.equal(created.credits, 50);
      assert.match(String(created.token), /^vt_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
      const credited = onlyJson(await runCli(['accounts', 'credit', 'shop', '25', '--json'], env));
      assert.equal(credited.credits, 75);

      const rows = await admin((c) => c.query<{ id: string; credits: number }>("SELECT id, credits FROM accounts WHERE name = 'shop'"), databaseUrl);
      assert.deepEqual(rows.rows, [{ id: created.id, credits: 75 }]);
      assert.equal(existsSync(env.DATA_DIR), false, 'DATA_DIR was used although DATABASE_URL was set');
    });
  });
}
