import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onlyJson, runCli, type Env } from '../helpers/run-cli.ts';
import { startServer, stopAllServers, type Server } from '../helpers/cli-server.ts';
import { defined } from '../helpers/assert.ts';

// The real `vetrina` CLI and server, driven as child processes, the way an operator uses them.

after(stopAllServers);

const TOKEN = /vt_[0-9a-f]{16}_[A-Za-z0-9_-]{43}/g;

interface AuditPage {
  entries: { actor: string; action: string; target: string; request_id: string | null }[];
  next_before: string | null;
}

function tokenId(token: string): string {
  const match = /^vt_([0-9a-f]{16})_/.exec(token);
  assert.ok(match !== null, `not a token: ${token}`);
  return defined(match[1], 'token id');
}

async function getAccount(server: Server, token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/v1/account`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function pick(value: unknown, keys: readonly string[]): Record<string, unknown> {
  const record = value as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, record[k]]));
}

/** Waits for a condition another process brings about; the deadline only turns a hang into a failure. */
async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(25);
  }
}

async function creditsOf(server: Server, token: string): Promise<unknown> {
  return pick((await getAccount(server, token)).body.data, ['credits']).credits;
}

type ProductRecord = { state: string; title: unknown; facts: { source: string }[] };

/** Creates a product on the running server and reads it once the worker has written it. */
async function createAndRead(server: Server, token: string, code: string): Promise<ProductRecord> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/api/v1/products/create`, { method: 'POST', headers, body: JSON.stringify({ codes: code, countries: ['it'] }) });
  const answer = await created.text();
  assert.equal(created.status, 202, answer);
  const deadline = Date.now() + 120_000;
  for (;;) {
    assert.ok(Date.now() < deadline, `product ${code} not written in time`);
    const read = await fetch(`${server.url}/api/v1/products/details/${code}`, { headers });
    if (read.status === 200) return ((await read.json()) as { product: ProductRecord }).product;
    const waiting = await read.text();
    assert.equal(read.status, 202, waiting);
    await sleep(100);
  }
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

  test('accounts set --country-languages sets the language per country; a bad pair is refused', async () => {
    const set = onlyJson(await runCli(['accounts', 'set', 'shop', '--country-languages', 'BE=fr,ch=it', '--json'], env));
    assert.deepEqual(set.country_languages, { be: 'fr', ch: 'it' });
    assert.equal(set.image_standardization, true, 'the other setting is left as it was');
    const refused = await runCli(['accounts', 'set', 'shop', '--country-languages', 'be=french'], env);
    assert.equal(refused.code, 2, 'a usage error');
    assert.match(refused.stderr, /not an ISO 639-1 language code/);
    const twice = await runCli(['accounts', 'set', 'shop', '--country-languages', 'be=fr,be=nl'], env);
    assert.equal(twice.code, 2, 'one country given twice is a usage error, not the last pair kept');
    assert.match(twice.stderr, /second time/);
    const cleared = onlyJson(await runCli(['accounts', 'set', 'shop', '--country-languages', '', '--json'], env));
    assert.deepEqual(cleared.country_languages, {});
  });

  test('accounts set --credits-low sets the credits.low webhook threshold, and off turns it off', async () => {
    const set = onlyJson(await runCli(['accounts', 'set', 'shop', '--credits-low', '20', '--json'], env));
    assert.equal(set.credits_low_threshold, 20);
    const off = onlyJson(await runCli(['accounts', 'set', 'shop', '--credits-low', 'off', '--json'], env));
    assert.equal(off.credits_low_threshold, null);
    const both = onlyJson(await runCli(['accounts', 'set', 'shop', '--image-standardization', 'off', '--credits-low', '30', '--json'], env));
    assert.deepEqual([both.image_standardization, both.credits_low_threshold], [false, 30], 'both settings in one call');
    const back = onlyJson(await runCli(['accounts', 'set', 'shop', '--image-standardization', 'on', '--credits-low', 'off', '--json'], env));
    assert.deepEqual([back.image_standardization, back.credits_low_threshold], [true, null]);
  });

  test('accounts set --processing sets the account default of creates and regenerates', async () => {
    const batch = onlyJson(await runCli(['accounts', 'set', 'shop', '--processing', 'batch', '--json'], env));
    assert.equal(batch.default_processing, 'batch');
    const wrong = await runCli(['accounts', 'set', 'shop', '--processing', 'later'], env);
    assert.equal(wrong.code, 2, 'an unknown processing is a usage error');
    const back = onlyJson(await runCli(['accounts', 'set', 'shop', '--processing', 'interactive', '--json'], env));
    assert.equal(back.default_processing, 'interactive');
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

  test('while a server holds the data directory the CLI sends its changes to that server: credit, revoke by the whole token, catalogue import, lists; after it stops the CLI works alone', async () => {
    const dataDir = defined(env.DATA_DIR, 'DATA_DIR');
    const third = String(onlyJson(await runCli(['tokens', 'create', 'shop', '--json'], env)).token);
    const feed = join(dir, 'running-feed.csv');
    await writeFile(feed, 'ean;nome;marca;descrizione\n8001090972507;Dash Classico Polvere;Dash;Detersivo in polvere per lavatrice\n');
    const server = await startServer(env);
    const endpointFile = join(dataDir, 'vetrina.admin.json');
    try {
      await until(() => existsSync(endpointFile));
      assert.equal(statSync(endpointFile).mode & 0o777, 0o600, 'the local credential is readable by its owner only');

      // What the CLI did on its own is what the server serves.
      const first = await getAccount(server, shop.token);
      assert.equal(first.status, 200);
      assert.deepEqual(pick(first.body.data, ['id', 'name', 'credits', 'settings']), {
        id: shop.id,
        name: 'shop',
        credits: 75,
        settings: { image_standardization: true, country_languages: {}, default_processing: 'interactive' },
      });
      assert.equal((await getAccount(server, secondToken)).status, 401, 'the revoked token is refused');
      assert.equal(server.output().match(TOKEN), null, 'a data directory with accounts gets no default account token');

      const credited = onlyJson(await runCli(['accounts', 'credit', 'shop', '25', '--json'], env));
      assert.deepEqual(pick(credited, ['id', 'name', 'credits']), { id: shop.id, name: 'shop', credits: 100 });
      assert.equal(await creditsOf(server, shop.token), 100, 'the running server has the new balance');
      const asText = await runCli(['accounts', 'credit', 'shop', '-1'], env);
      assert.equal(asText.code, 0, asText.stderr);
      assert.equal(asText.stdout, 'Account "shop" now has 99 credits.\n', 'the same output as without a server');
      const refused = await runCli(['accounts', 'credit', 'shop', '-1000'], env);
      assert.equal(refused.code, 1, `stdout: ${refused.stdout}\nstderr: ${refused.stderr}`);
      assert.match(refused.stderr, /has 99 credits.*below 0/);
      assert.equal(await creditsOf(server, shop.token), 99, 'the refused removal changed nothing');

      assert.equal((await getAccount(server, third)).status, 200);
      const revoked = await runCli(['tokens', 'revoke', third], env);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.equal(revoked.stdout, `Token ${tokenId(third)} revoked.\n`);
      assert.equal((await getAccount(server, third)).status, 401, 'refused on its very next request');

      const summary = onlyJson(await runCli(['catalog', 'import', feed, '--language', 'it', '--json'], env));
      assert.deepEqual([summary.file, summary.rows_read, summary.rows_imported, summary.rows_failed], ['running-feed.csv', 1, 1, 0]);
      const product = await createAndRead(server, shop.token, '8001090972507');
      assert.equal(product.state, 'completed');
      assert.match(String(product.title), /Dash Classico Polvere/);
      assert.ok(product.facts.length > 0 && product.facts.every((f) => f.source === 'catalogue'), JSON.stringify(product.facts));

      const accounts = onlyJson(await runCli(['accounts', 'list', '--json'], env)).accounts as { name: string; credits: number }[];
      assert.deepEqual(
        accounts.map((a) => [a.name, a.credits]),
        [['shop', 93]],
        'the create happened on the server: 99 less 6 (v2, with image standardization on)',
      );
      const tokens = onlyJson(await runCli(['tokens', 'list', '--json'], env)).tokens as { id: string; revoked_at: string | null }[];
      assert.ok(tokens.find((t) => t.id === tokenId(third))?.revoked_at);
      const created = onlyJson(await runCli(['accounts', 'create', '--name', 'other', '--json'], env));
      assert.equal((await getAccount(server, String(created.token))).status, 200);

      // The audit, read through the server: its changes by the server's own credential (`local`),
      // with their requests; the changes the CLI made on the database alone, by `cli`.
      const audit = onlyJson(await runCli(['audit', '--limit', '200', '--json'], env)) as unknown as AuditPage;
      const through = audit.entries.filter((e) => e.actor === 'local');
      assert.deepEqual(
        through.map((e) => [e.action, e.target]),
        [
          ['account.create', 'other'],
          ['catalogue.import', String(summary.import_id)],
          ['token.revoke', tokenId(third)],
          ['account.credit', 'shop'],
          ['account.credit', 'shop'],
        ],
        'newest first; the refused removal left no entry',
      );
      assert.ok(through.every((e) => e.request_id !== null));
      const alone = audit.entries.filter((e) => e.actor === 'cli').map((e) => e.action);
      assert.ok(alone.includes('account.create') && alone.includes('token.revoke') && alone.includes('account.settings'), alone.join(', '));
      assert.ok(audit.entries.filter((e) => e.actor === 'cli').every((e) => e.request_id === null));
      const text = await runCli(['audit', '--limit', '1'], env);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^\d+\t\d{4}-\d\d-\d\dT[\d:.]+Z\tlocal\taccount\.create\tother\t\{"credits":0,"image_standardization":false\}\n/);
      assert.match(text.stdout, /older: vetrina audit --before \d+/);
    } finally {
      assert.equal(await server.stop(), 0, `server exit code after SIGTERM:\n${server.output()}`);
    }
    assert.equal(existsSync(endpointFile), false, 'a clean stop removes the local credential');
    const alone = onlyJson(await runCli(['accounts', 'create', '--name', 'later', '--json'], env));
    assert.equal(alone.name, 'later');
    assert.equal(alone.credits, 0);
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
      assert.equal(tokens.length, 2, `expected the account's token and an admin token in the first start's output:\n${first.output()}`);
      token = defined(tokens[0], 'printed token');
      const account = await getAccount(first, token);
      assert.equal(account.status, 200);
      assert.deepEqual(pick(account.body.data, ['name', 'credits', 'settings']), {
        name: 'default',
        credits: 1000,
        settings: { image_standardization: false, country_languages: {}, default_processing: 'interactive' },
      });
      const adminToken = defined(tokens[1], 'printed admin token');
      const accounts = await fetch(`${first.url}/api/v1/admin/accounts`, { headers: { authorization: `Bearer ${adminToken}` } });
      assert.equal(accounts.status, 200, 'the admin token manages the instance');
      assert.deepEqual(
        ((await accounts.json()) as { data: { name: string }[] }).data.map((a) => a.name),
        ['default'],
      );
      const notAdmin = await fetch(`${first.url}/api/v1/admin/accounts`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(notAdmin.status, 403, "the account's token does not");
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

      const rows = await admin(
        (c) => c.query<{ id: string; credits: number }>("SELECT a.id, b.credits FROM accounts a JOIN account_balances b ON b.account_id = a.id WHERE a.name = 'shop'"),
        databaseUrl,
      );
      assert.deepEqual(rows.rows, [{ id: created.id, credits: 75 }]);
      assert.equal(existsSync(env.DATA_DIR), false, 'DATA_DIR was used although DATABASE_URL was set');
    });
  });
}
