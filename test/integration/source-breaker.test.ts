import assert from 'node:assert/strict';
import type { LookupFunction } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { configuredSources } from '../../src/sources/configured-sources.ts';
import { createSourceChain, type BreakerLog } from '../../src/sources/source-chain.ts';
import { SourceUnavailableError, type ProductSource } from '../../src/sources/source.ts';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { ManualClock } from '../fakes/manual-clock.ts';

// The chain's circuit breaker on a real database (the cache decides when a source is asked):
// a remote source that cannot be reached is skipped once its breaker opens, and asked again
// by one probe after the cooldown.

const fact = (source: string, value: string): Fact => ({
  id: `${source}:name`,
  key: 'name',
  value,
  language: 'it',
  source,
  licence: 'ODbL-1.0',
  fetchedAt: '2026-11-01T00:00:00.000Z',
});

type Mode = 'unreachable' | 'rate_limited' | 'up' | 'unknown';

/** A remote source whose state the test sets, counting every call. */
function switchableSource(name: string) {
  const state = { mode: 'up' as Mode, calls: [] as string[] };
  const source: ProductSource = {
    name,
    cached: true,
    codeTypes: ['ean'],
    async lookup(query) {
      state.calls.push(query.code);
      if (state.mode === 'unreachable') {
        throw new SourceUnavailableError(name, 'could not reach api.example: getaddrinfo ENOTFOUND api.example', { unreachable: true });
      }
      if (state.mode === 'rate_limited') throw new SourceUnavailableError(name, 'answered 429 Too Many Requests');
      return state.mode === 'up' ? [fact(name, `Prodotto ${query.code}`)] : null;
    },
  };
  return { source, state };
}

function recordingLog() {
  const lines: { level: 'warn' | 'info'; message: string }[] = [];
  const log: BreakerLog = {
    warn: (_fields, message) => void lines.push({ level: 'warn', message }),
    info: (_fields, message) => void lines.push({ level: 'info', message }),
  };
  return { lines, log };
}

let codeSeq = 0;
/** A fresh EAN-shaped code, so no test reads another's cached answer. */
const nextCode = () => ({ code: `80012349${String(++codeSeq).padStart(5, '0')}`, codeType: 'ean' as const });

for (const target of databaseTargets()) {
  describe(`source circuit breaker [${target.name}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await target.open();
      await migrate(database.db);
    });
    after(async () => {
      await database.close();
    });

    const chainOf = (source: ProductSource, clock: ManualClock, log?: BreakerLog) =>
      createSourceChain({
        db: database.db,
        sources: [source],
        cacheTtlSeconds: 3600,
        notFoundTtlSeconds: 60,
        breaker: { failures: 2, cooldownMs: 5_000, maxCooldownMs: 20_000 },
        clock,
        ...(log === undefined ? {} : { log }),
      });

    test('an unreachable source is marked down: skipped without a call, cached answers still served, shown in health and the log', async () => {
      const clock = new ManualClock();
      const { source, state } = switchableSource('remote_down');
      const { lines, log } = recordingLog();
      const chain = chainOf(source, clock, log);
      const cachedCode = nextCode();
      assert.deepEqual(
        (await chain.gather(cachedCode)).reports.map((r) => r.outcome),
        ['found'],
      );

      state.mode = 'unreachable';
      const first = await chain.gather(nextCode());
      assert.deepEqual(
        first.reports.map((r) => r.outcome),
        ['unavailable'],
        'one failure: the queue may still retry',
      );
      const second = await chain.gather(nextCode());
      assert.deepEqual(
        second.reports.map((r) => r.outcome),
        ['down'],
        'the failure that opens the breaker already reports it down',
      );
      assert.match(second.reports[0]?.message ?? '', /marked down until 2026-11-01T10:00:05\.000Z after 2 failed connection\(s\)/);
      assert.equal(state.calls.length, 3);

      const skipped = await chain.gather(nextCode());
      assert.deepEqual(
        skipped.reports.map((r) => r.outcome),
        ['down'],
      );
      assert.equal(state.calls.length, 3, 'not asked while its breaker is open');
      const fromCache = await chain.gather(cachedCode);
      assert.deepEqual(
        fromCache.reports.map((r) => [r.outcome, r.fromCache]),
        [['found', true]],
      );
      assert.deepEqual(
        fromCache.facts.map((f) => f.value),
        [`Prodotto ${cachedCode.code}`],
      );

      assert.deepEqual(chain.health(), { remote_down: { state: 'open', failures: 2, until: '2026-11-01T10:00:05.000Z' } });
      assert.deepEqual(
        lines.map((l) => l.level),
        ['warn'],
      );
      assert.match(lines[0]?.message ?? '', /remote_down marked down until 2026-11-01T10:00:05\.000Z/);

      // After the cooldown one probe goes; it fails, so the next cooldown is twice as long.
      clock.advance(5_000);
      assert.deepEqual(
        (await chain.gather(nextCode())).reports.map((r) => r.outcome),
        ['down'],
      );
      assert.equal(state.calls.length, 4);
      assert.deepEqual(chain.health(), { remote_down: { state: 'open', failures: 3, until: '2026-11-01T10:00:15.000Z' } });

      // The network is back: the next probe's answer closes the breaker and the source is used again.
      state.mode = 'up';
      clock.advance(10_000);
      const back = nextCode();
      const answered = await chain.gather(back);
      assert.deepEqual(
        answered.reports.map((r) => r.outcome),
        ['found'],
      );
      assert.deepEqual(
        answered.facts.map((f) => f.value),
        [`Prodotto ${back.code}`],
      );
      assert.deepEqual(chain.health(), { remote_down: { state: 'closed', failures: 0 } });
      assert.deepEqual(
        lines.map((l) => l.level),
        ['warn', 'warn', 'info'],
      );
    });

    test('"not found" and a 429 are answers, not connection failures: the breaker stays closed', async () => {
      const clock = new ManualClock();
      const { source, state } = switchableSource('remote_answers');
      const chain = chainOf(source, clock);
      state.mode = 'unknown';
      for (let i = 0; i < 3; i++)
        assert.deepEqual(
          (await chain.gather(nextCode())).reports.map((r) => r.outcome),
          ['not_found'],
        );
      state.mode = 'rate_limited';
      for (let i = 0; i < 3; i++)
        assert.deepEqual(
          (await chain.gather(nextCode())).reports.map((r) => r.outcome),
          ['unavailable'],
        );
      assert.equal(state.calls.length, 6, 'every code was asked');
      assert.equal(chain.health().remote_answers?.state, 'closed');
    });

    test('a host name that does not resolve counts as a connection failure (the real HTTP client, no DNS, no traffic)', async () => {
      const lookedUp: string[] = [];
      // What the system resolver says with no network: every name fails before any socket is opened.
      const noDns: LookupFunction = (hostname, _options, callback) => {
        lookedUp.push(hostname);
        callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), '', 4);
      };
      const config = loadConfig({ SOURCES: 'open_food_facts', OPEN_FOOD_FACTS_URL: 'https://off.invalid' });
      const configured = configuredSources(config, database.db, { lookup: noDns });
      try {
        const clock = new ManualClock();
        const chain = createSourceChain({
          db: database.db,
          sources: configured.sources,
          cacheTtlSeconds: 3600,
          notFoundTtlSeconds: 60,
          breaker: { failures: 2, cooldownMs: 5_000, maxCooldownMs: 20_000 },
          clock,
        });
        const first = await chain.gather(nextCode());
        assert.deepEqual(
          first.reports.map((r) => r.outcome),
          ['unavailable'],
        );
        assert.match(first.reports[0]?.message ?? '', /could not reach off\.invalid/);
        assert.deepEqual(
          (await chain.gather(nextCode())).reports.map((r) => r.outcome),
          ['down'],
        );
        assert.deepEqual(
          (await chain.gather(nextCode())).reports.map((r) => r.outcome),
          ['down'],
        );
        assert.deepEqual(lookedUp, ['off.invalid', 'off.invalid'], 'not looked up again while down');
        assert.equal(chain.health().open_food_facts?.state, 'open');
      } finally {
        await configured.close();
      }
    });
  });
}
