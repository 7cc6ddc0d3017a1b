import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TOKEN_CACHE_MS, TokenCache } from '../../src/db/token-cache.ts';

// The token read PGlite reuses for a second (src/db/token-cache.ts), on a clock the test moves.
function setUp() {
  let now = 0;
  const cache = new TokenCache<{ id: string }>(() => now);
  const loads: string[] = [];
  const load =
    (id: string, known = true) =>
    () => {
      loads.push(id);
      return Promise.resolve(known ? { id } : undefined);
    };
  return { cache, loads, load, advance: (ms: number) => (now += ms) };
}

describe('token cache', () => {
  test('a token read is reused for a second, then read again', async () => {
    const { cache, loads, load, advance } = setUp();
    assert.deepEqual(await cache.read('a', load('a')), { id: 'a' });
    advance(TOKEN_CACHE_MS - 1);
    assert.deepEqual(await cache.read('a', load('a')), { id: 'a' });
    assert.deepEqual(loads, ['a']);
    advance(1);
    await cache.read('a', load('a'));
    assert.deepEqual(loads, ['a', 'a']);
  });

  test('requests arriving together share one read', async () => {
    const { cache, loads, load } = setUp();
    const rows = await Promise.all([cache.read('a', load('a')), cache.read('a', load('a')), cache.read('b', load('b'))]);
    assert.deepEqual(rows, [{ id: 'a' }, { id: 'a' }, { id: 'b' }]);
    assert.deepEqual(loads, ['a', 'b']);
  });

  test('an unknown token and a failed read are never remembered', async () => {
    const { cache, loads, load } = setUp();
    assert.equal(await cache.read('x', load('x', false)), undefined);
    assert.equal(await cache.read('x', load('x', false)), undefined);
    await assert.rejects(cache.read('y', () => Promise.reject(new Error('unreachable'))));
    assert.deepEqual(await cache.read('y', load('y')), { id: 'y' });
    assert.deepEqual(loads, ['x', 'x', 'y']);
  });

  test('a forgotten token is read again on its next request, even when forgotten while a read was in flight', async () => {
    const { cache, loads, load } = setUp();
    await cache.read('a', load('a'));
    cache.forget('a');
    await cache.read('a', load('a'));
    assert.deepEqual(loads, ['a', 'a']);

    cache.forget('a');
    let answer: (row: { id: string }) => void = () => {};
    const inFlight = cache.read('a', () => new Promise((resolve) => (answer = resolve)));
    cache.forget('a');
    answer({ id: 'before the revocation' });
    assert.deepEqual(await inFlight, { id: 'before the revocation' }, 'the request that came first has its answer');
    assert.equal(await cache.read('a', load('a', false)), undefined, 'the next request reads again');
  });
});
