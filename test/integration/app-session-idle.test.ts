import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// The review app session's idle timeout (APP_SESSION_IDLE_MINUTES, here 10): a session unused
// that long ends like an expired one, while its 12-hour end stays. Time is moved by writing the
// session's row, never by waiting.

const IDLE_MINUTES = 10;

interface Session {
  id: string;
  cookie: string;
  csrf: string;
}

async function signIn(h: Harness, token: string): Promise<Session> {
  const res = await h.post('/api/v1/session', token, {});
  assert.equal(res.statusCode, 201, res.body);
  const cookie = defined(/vetrina_session=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1], 'session cookie');
  return { id: defined(/^vs_([0-9a-f]{16})_/.exec(cookie)?.[1], 'session id'), cookie, csrf: (res.json() as { data: { csrf_token: string } }).data.csrf_token };
}

function withCookie(h: Harness, session: Session, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return h.app.inject({ method: 'GET', url, headers: { cookie: `vetrina_session=${session.cookie}`, ...headers } });
}

/** The session's last use as the database keeps it, to the microsecond (text, so nothing is rounded). */
async function lastUsed(h: Harness, session: Session): Promise<string> {
  const rows = await h.container.db.query<{ at: string }>(`SELECT to_char(last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS at FROM app_sessions WHERE id = $1`, [
    session.id,
  ]);
  return defined(rows[0], 'session row').at;
}

/** Puts the session's last use `minutes` in the past, as if nothing had used it since. */
async function idleFor(h: Harness, session: Session, minutes: number): Promise<void> {
  await h.container.db.query(`UPDATE app_sessions SET last_used_at = now() - make_interval(mins => $2) WHERE id = $1`, [session.id, minutes]);
}

async function usedWithinLastMinute(h: Harness, session: Session): Promise<boolean> {
  const rows = await h.container.db.query<{ fresh: boolean }>(`SELECT last_used_at > now() - interval '1 minute' AS fresh FROM app_sessions WHERE id = $1`, [session.id]);
  return defined(rows[0], 'session row').fresh;
}

for (const target of databaseTargets()) {
  describe(`review app session idle timeout [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false, env: { APP_SESSION_IDLE_MINUTES: String(IDLE_MINUTES) } });
    });
    after(async () => {
      await h?.close();
    });

    test('a session used within the idle window stays signed in, and that use starts the window again', async () => {
      const account = await h.account(10);
      const session = await signIn(h, account.token);
      await idleFor(h, session, IDLE_MINUTES - 1);
      const me = await withCookie(h, session, '/api/v1/account');
      assert.equal(me.statusCode, 200, me.body);
      assert.equal(await usedWithinLastMinute(h, session), true, 'the use was recorded');
      // Nine more minutes would have ended the session without that use; now it is alive.
      assert.equal((await withCookie(h, session, '/api/v1/session')).statusCode, 200);
    });

    test('a session idle past the window is refused exactly like an expired one', async () => {
      const account = await h.account(10);
      const idle = await signIn(h, account.token);
      const expired = await signIn(h, account.token);
      await idleFor(h, idle, IDLE_MINUTES + 1);
      await h.container.db.query(`UPDATE app_sessions SET created_at = now() - interval '13 hours', expires_at = now() - interval '1 hour' WHERE id = $1`, [expired.id]);
      const idleAnswer = await withCookie(h, idle, '/api/v1/account');
      const expiredAnswer = await withCookie(h, expired, '/api/v1/account');
      assert.equal(idleAnswer.statusCode, 401, idleAnswer.body);
      assert.equal(expiredAnswer.statusCode, 401, expiredAnswer.body);
      assert.deepEqual(idleAnswer.json(), expiredAnswer.json());
      // The page asks GET /api/v1/session on load: it gets the same refusal, so it shows its sign-in.
      assert.equal((await withCookie(h, idle, '/api/v1/session')).statusCode, 401);
      // A refused request is no use: the session stays ended.
      await idleFor(h, idle, IDLE_MINUTES + 1);
      assert.equal((await withCookie(h, idle, '/api/v1/account')).statusCode, 401);
    });

    test('the 12-hour end stays: a session in constant use still ends then', async () => {
      const account = await h.account(10);
      const session = await signIn(h, account.token);
      assert.equal((await withCookie(h, session, '/api/v1/account')).statusCode, 200);
      await h.container.db.query(`UPDATE app_sessions SET created_at = now() - interval '13 hours', expires_at = now() - interval '1 second' WHERE id = $1`, [session.id]);
      assert.equal(await usedWithinLastMinute(h, session), true);
      assert.equal((await withCookie(h, session, '/api/v1/account')).statusCode, 401);
    });

    test('the last use is written at most once a minute, not on every request', async () => {
      const account = await h.account(10);
      const session = await signIn(h, account.token);
      const atSignIn = await lastUsed(h, session);
      assert.equal((await withCookie(h, session, '/api/v1/account')).statusCode, 200);
      assert.equal((await withCookie(h, session, '/api/v1/account')).statusCode, 200);
      assert.equal(await lastUsed(h, session), atSignIn, 'requests within a minute of the last write write nothing');

      await idleFor(h, session, 2);
      const stale = await lastUsed(h, session);
      assert.equal((await withCookie(h, session, '/api/v1/account')).statusCode, 200);
      const refreshed = await lastUsed(h, session);
      assert.notEqual(refreshed, stale, 'a use after more than a minute is written');
      assert.equal((await withCookie(h, session, '/api/v1/products')).statusCode, 200);
      assert.equal(await lastUsed(h, session), refreshed, 'and the next request writes nothing again');
    });

    test("the page's automatic refreshes (x-vetrina-background) are served but keep no session alive", async () => {
      const account = await h.account(10);
      const session = await signIn(h, account.token);
      await idleFor(h, session, IDLE_MINUTES - 1);
      const before = await lastUsed(h, session);
      const poll = await withCookie(h, session, '/api/v1/products', { 'x-vetrina-background': '1' });
      assert.equal(poll.statusCode, 200, poll.body);
      assert.equal(await lastUsed(h, session), before, 'a background poll is no use');
      await idleFor(h, session, IDLE_MINUTES + 1);
      const late = await withCookie(h, session, '/api/v1/products', { 'x-vetrina-background': '1' });
      assert.equal(late.statusCode, 401, 'the header cannot revive an idle session');
      assert.equal((await withCookie(h, session, '/api/v1/account')).statusCode, 401);
    });

    test('a cookie with the right id but a wrong secret does not keep the session alive', async () => {
      const account = await h.account(10);
      const session = await signIn(h, account.token);
      await idleFor(h, session, 5);
      const before = await lastUsed(h, session);
      const forged = { ...session, cookie: `${session.cookie.slice(0, -4)}AAAA` };
      assert.equal((await withCookie(h, forged, '/api/v1/account')).statusCode, 401);
      assert.equal(await lastUsed(h, session), before);
    });

    test('a Bearer request is untouched by the idle timeout', async () => {
      const account = await h.account(10);
      const session = await signIn(h, account.token);
      await idleFor(h, session, IDLE_MINUTES + 1);
      assert.equal((await h.get('/api/v1/account', account.token)).statusCode, 200);
      assert.equal((await withCookie(h, session, '/api/v1/account')).statusCode, 401);
    });

    test('signing in clears idle sessions from the table', async () => {
      const account = await h.account(10);
      const idle = await signIn(h, account.token);
      await idleFor(h, idle, IDLE_MINUTES + 1);
      await signIn(h, account.token);
      const rows = await h.container.db.query('SELECT 1 FROM app_sessions WHERE id = $1', [idle.id]);
      assert.equal(rows.length, 0);
    });
  });
}
