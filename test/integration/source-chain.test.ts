import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SqlRunner } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { createSourceChain, type SourceChain } from '../../src/sources/source-chain.ts';
import { SourceUnavailableError, type ProductSource, type SourceQuery } from '../../src/sources/source.ts';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';

// The chain on a real database: answers shared through the cache, one fetch per code even when
// two processes ask at once, failures reported rather than cached.

const fact = (source: string, value: string): Fact => ({
  id: `${source}:name`,
  key: 'name',
  value,
  language: 'it',
  source,
  licence: 'ODbL-1.0',
  fetchedAt: '2026-11-01T00:00:00.000Z',
});

/** A remote source whose answers a test releases by hand, counting every call. */
function heldSource(name: string, answer: (query: SourceQuery) => Fact[] | null | Error) {
  const calls: string[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const started: (() => void)[] = [];
  const source: ProductSource = {
    name,
    cached: true,
    codeTypes: ['ean'],
    async lookup(query) {
      calls.push(query.code);
      for (const notify of started.splice(0)) notify();
      await held;
      const result = answer(query);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return {
    source,
    calls,
    release: () => release(),
    nextCall: () => new Promise<void>((resolve) => started.push(resolve)),
  };
}

const EAN = { code: '8001234500016', codeType: 'ean' } as const;

for (const target of databaseTargets()) {
  describe(`source chain [${target.name}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await target.open();
      await migrate(database.db);
    });
    after(async () => {
      await database.close();
    });

    const chainOf = (source: ProductSource, pause?: (ms: number) => Promise<void>): SourceChain =>
      createSourceChain({ db: database.db, sources: [source], cacheTtlSeconds: 3600, notFoundTtlSeconds: 60, leasePollMs: 20, ...(pause ? { pause } : {}) });

    /** A pause that says when the chain starts waiting on another process's lease. */
    function observedPause() {
      let waiting: () => void = () => {};
      const started = new Promise<void>((resolve) => (waiting = resolve));
      return {
        started,
        pause: (ms: number) => {
          waiting();
          return new Promise<void>((resolve) => setTimeout(resolve, ms));
        },
      };
    }

    test('two processes asking for one code at once: the source is asked once, both get its facts', async () => {
      const code = { ...EAN, code: '8001234500023' };
      // Two chains with their own source objects stand for two worker processes on one database.
      const first = heldSource('remote_a', () => [fact('remote_a', 'Pentola')]);
      const second = heldSource('remote_a', () => [fact('remote_a', 'Pentola')]);
      const asking = first.nextCall();
      const one = chainOf(first.source).gather(code);
      await asking;
      const waiter = observedPause();
      const two = chainOf(second.source, waiter.pause).gather(code);
      await waiter.started;
      first.release();
      second.release();
      const [a, b] = await Promise.all([one, two]);
      assert.deepEqual(
        a.facts.map((f) => f.value),
        ['Pentola'],
      );
      assert.deepEqual(b.facts, a.facts);
      assert.equal(first.calls.length + second.calls.length, 1, 'one fetch across both processes');
      assert.deepEqual(
        a.reports.map((r) => [r.outcome, r.fromCache]),
        [['found', false]],
      );
      assert.deepEqual(
        b.reports.map((r) => [r.outcome, r.fromCache]),
        [['found', true]],
        'the waiting process was served from the cache',
      );
    });

    test('a cached answer, found or not, is not fetched again; a failure is not cached', async () => {
      const found = heldSource('remote_b', (q) => (q.code === EAN.code ? [fact('remote_b', 'Moka')] : null));
      found.release();
      const chain = chainOf(found.source);
      assert.equal((await chain.gather(EAN)).reports[0]?.fromCache, false);
      assert.equal((await chain.gather(EAN)).reports[0]?.fromCache, true);
      const unknown = { ...EAN, code: '8001234500030' };
      assert.deepEqual(
        (await chain.gather(unknown)).reports.map((r) => r.outcome),
        ['not_found'],
      );
      assert.deepEqual(
        (await chain.gather(unknown)).reports.map((r) => [r.outcome, r.fromCache]),
        [['not_found', true]],
      );
      assert.deepEqual(found.calls, [EAN.code, unknown.code]);

      let down = true;
      const flaky = heldSource('remote_c', () => (down ? new SourceUnavailableError('remote_c', 'answered 503') : [fact('remote_c', 'Moka')]));
      flaky.release();
      const flakyChain = chainOf(flaky.source);
      const failed = await flakyChain.gather(EAN);
      assert.deepEqual(
        failed.reports.map((r) => [r.outcome, r.message]),
        [['unavailable', 'answered 503']],
      );
      assert.deepEqual(failed.facts, []);
      down = false;
      assert.deepEqual(
        (await flakyChain.gather(EAN)).facts.map((f) => f.value),
        ['Moka'],
        'the next try asks again',
      );
      assert.equal(flaky.calls.length, 2);
    });

    test('when the process holding the fetch fails, the waiting ones do not hammer the source: they report it unavailable', async () => {
      const code = { ...EAN, code: '8001234500047' };
      const failing = heldSource('remote_d', () => new SourceUnavailableError('remote_d', 'timeout'));
      const working = heldSource('remote_d', () => [fact('remote_d', 'Detersivo')]);
      working.release();
      const asking = failing.nextCall();
      const one = chainOf(failing.source).gather(code);
      await asking;
      const waiter = observedPause();
      const two = chainOf(working.source, waiter.pause).gather(code);
      await waiter.started;
      failing.release();
      const [a, b] = await Promise.all([one, two]);
      assert.deepEqual(
        a.reports.map((r) => r.outcome),
        ['unavailable'],
      );
      assert.deepEqual(
        b.reports.map((r) => r.outcome),
        ['unavailable'],
      );
      assert.match(b.reports[0]?.message ?? '', /another worker/);
      assert.equal(working.calls.length, 0, 'one failing request, not one per waiting process');
      // The queue's retry asks again, and then the source answers.
      assert.deepEqual(
        (await chainOf(working.source).gather(code)).facts.map((f) => f.value),
        ['Detersivo'],
      );
      assert.equal(working.calls.length, 1);
    });

    test('a lease whose holder died (expired) is taken over at once', async () => {
      const code = { ...EAN, code: '8001234500054' };
      await database.db.query(`INSERT INTO source_fetch_leases (source, code, holder, expires_at) VALUES ('remote_f', $1, gen_random_uuid(), now() - interval '1 second')`, [
        code.code,
      ]);
      const source = heldSource('remote_f', () => [fact('remote_f', 'Lampadina')]);
      source.release();
      assert.deepEqual(
        (await chainOf(source.source).gather(code)).facts.map((f) => f.value),
        ['Lampadina'],
      );
      assert.equal(source.calls.length, 1);
    });

    test('callers of one process share a lookup; one giving up does not fail the others', async () => {
      const code = { ...EAN, code: '8001234500061' };
      const shared = heldSource('remote_g', () => [fact('remote_g', 'Moka')]);
      const chain = chainOf(shared.source);
      const quitter = new AbortController();
      const asking = shared.nextCall();
      const one = chain.gather(code, quitter.signal);
      await asking;
      const two = chain.gather(code, new AbortController().signal);
      quitter.abort(new Error('job lost its claim'));
      await assert.rejects(one, /job lost its claim/);
      shared.release();
      assert.deepEqual(
        (await two).facts.map((f) => f.value),
        ['Moka'],
      );
      assert.equal(shared.calls.length, 1);
    });

    /** The database, with the reads of the shared cache recorded: the codes each one asked for. */
    function recordingCacheReads(failFirstBatchRead = false) {
      const reads: string[][] = [];
      let failed = !failFirstBatchRead;
      const db: SqlRunner = {
        query(text, params, options) {
          const codes = params?.[1];
          if (/FROM source_cache/.test(text) && Array.isArray(codes)) {
            reads.push(codes.map(String));
            if (!failed && codes.length > 1) {
              failed = true;
              return Promise.reject(new Error('connection terminated unexpectedly'));
            }
          }
          return database.db.query(text, params, options);
        },
      };
      return { db, reads };
    }

    test('several codes at once: the cached ones come from one read of the cache, the others are asked each on its own, and a slow one holds back none', async () => {
      const [first, second, slow] = ['8001234500078', '8001234500085', '8001234500092'].map((code) => ({ ...EAN, code }));
      assert.ok(first && second && slow);
      const filler = heldSource('remote_h', (q) => [fact('remote_h', `Prodotto ${q.code}`)]);
      filler.release();
      for (const query of [first, second]) await chainOf(filler.source).gather(query);

      const remote = heldSource('remote_h', (q) => [fact('remote_h', `Prodotto ${q.code}`)]);
      const { db, reads } = recordingCacheReads();
      const chain = createSourceChain({ db, sources: [remote.source], cacheTtlSeconds: 3600, notFoundTtlSeconds: 60, leasePollMs: 20 });
      const asked = remote.nextCall();
      const answers = chain.gatherEach?.([{ query: first }, { query: second }, { query: slow }]) ?? assert.fail('the chain has no gatherEach');
      const [one, two, three] = answers;
      assert.ok(one && two && three);
      // The slow code's lookup is still held here.
      const cached = await Promise.all([one, two]);
      assert.deepEqual(
        cached.map((g) => [g.facts.map((f) => f.value), g.reports.map((r) => r.fromCache)]),
        [
          [[`Prodotto ${first.code}`], [true]],
          [[`Prodotto ${second.code}`], [true]],
        ],
      );
      await asked;
      assert.deepEqual(remote.calls, [slow.code]);
      assert.deepEqual(reads[0], [first.code, second.code, slow.code], 'one read of the cache for every code asked');
      assert.equal(reads.filter((codes) => codes.includes(first.code)).length, 1);
      remote.release();
      const fetched = await three;
      assert.deepEqual([fetched.facts.map((f) => f.value), fetched.reports.map((r) => r.fromCache)], [[`Prodotto ${slow.code}`], [false]]);
    });

    test('several codes at once, and the read of the cache for all of them fails: each reads it on its own, none is lost', async () => {
      const [first, second] = ['8001234500108', '8001234500115'].map((code) => ({ ...EAN, code }));
      assert.ok(first && second);
      const filler = heldSource('remote_i', (q) => [fact('remote_i', `Prodotto ${q.code}`)]);
      filler.release();
      for (const query of [first, second]) await chainOf(filler.source).gather(query);

      const remote = heldSource('remote_i', () => assert.fail('a cached code was fetched again'));
      remote.release();
      const { db, reads } = recordingCacheReads(true);
      const chain = createSourceChain({ db, sources: [remote.source], cacheTtlSeconds: 3600, notFoundTtlSeconds: 60, leasePollMs: 20 });
      const answers = await Promise.all(chain.gatherEach?.([{ query: first }, { query: second }]) ?? assert.fail('the chain has no gatherEach'));
      assert.deepEqual(
        answers.map((g) => [g.facts.map((f) => f.value), g.reports.map((r) => r.fromCache)]),
        [
          [[`Prodotto ${first.code}`], [true]],
          [[`Prodotto ${second.code}`], [true]],
        ],
      );
      assert.deepEqual(reads, [[first.code, second.code], [first.code], [second.code]]);
      assert.deepEqual(remote.calls, []);
    });

    test('a source that does not serve the code type is skipped without a call', async () => {
      const only = heldSource('remote_e', () => [fact('remote_e', 'x')]);
      only.release();
      const gathered = await chainOf(only.source).gather({ code: '012745093', codeType: 'minsan' });
      assert.deepEqual(
        gathered.reports.map((r) => r.outcome),
        ['not_applicable'],
      );
      assert.deepEqual(only.calls, []);
    });
  });
}
