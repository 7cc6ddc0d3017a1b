import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, test } from 'node:test';
import { FairQueue } from '../../src/db/fair-queue.ts';

/** A task the test ends by hand; `started` records the order tasks were let run. */
function gate(started: string[], name: string): { task: () => Promise<string>; finish(): void; fail(err: Error): void } {
  const { promise, resolve, reject } = Promise.withResolvers<string>();
  return {
    task: () => {
      started.push(name);
      return promise;
    },
    finish: () => resolve(name),
    fail: (err) => reject(err),
  };
}

/** Lets every settled task's follow-ups (the queue's next dispatch) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Queues named tasks, and finishes whichever runs, one at a time, until nothing is left. */
function harness(limit: number) {
  const queue = new FairQueue(limit);
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof gate>>();
  return {
    queue,
    started,
    add(lane: string, name: string): Promise<string> {
      const g = gate(started, name);
      gates.set(name, g);
      return queue.run(lane, g.task);
    },
    async drain(): Promise<void> {
      while (queue.running > 0) {
        const running = started.at(-1);
        if (running !== undefined) gates.get(running)?.finish();
        await settle();
      }
    },
  };
}

describe('FairQueue: turns across lanes', () => {
  test("another lane's one task goes right after the running task, ahead of a lane's backlog", async () => {
    const h = harness(1);
    const results = [1, 2, 3, 4, 5].map((i) => h.add('A', `a${i}`));
    results.push(h.add('B', 'b1'));
    assert.deepEqual(h.started, ['a1']);
    assert.equal(h.queue.running, 1);
    assert.equal(h.queue.waiting, 5);
    await h.drain();
    assert.deepEqual(h.started, ['a1', 'b1', 'a2', 'a3', 'a4', 'a5']);
    assert.deepEqual(await Promise.all(results), ['a1', 'a2', 'a3', 'a4', 'a5', 'b1']);
  });

  test('lanes with backlogs alternate, each in its own order', async () => {
    const h = harness(1);
    for (const [lane, name] of [
      ['A', 'a1'],
      ['A', 'a2'],
      ['A', 'a3'],
      ['B', 'b1'],
      ['B', 'b2'],
      ['C', 'c1'],
    ] as const)
      void h.add(lane, name);
    await h.drain();
    // a1 ran first; B and C had not been served, so they come before A's second; then by turns.
    assert.deepEqual(h.started, ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  test('a lane that comes back after going idle is served before a lane that kept a backlog', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const a = [1, 2, 3, 4].map((i) => gate(started, `a${i}`));
    const b1 = gate(started, 'b1');
    const b2 = gate(started, 'b2');
    for (const g of a) void queue.run('A', g.task);
    void queue.run('B', b1.task);
    a[0]?.finish();
    await settle();
    b1.finish();
    await settle();
    // B had nothing waiting when its next statement came (a request's statements come one after another).
    void queue.run('B', b2.task);
    a[1]?.finish();
    await settle();
    assert.deepEqual(started, ['a1', 'b1', 'a2', 'b2']);
    b2.finish();
    a[2]?.finish();
    await settle();
    a[3]?.finish();
    await settle();
    assert.deepEqual(started, ['a1', 'b1', 'a2', 'b2', 'a3', 'a4']);
  });

  test('never more than the limit at once; a failed or throwing task frees its place', async () => {
    const queue = new FairQueue(2);
    const started: string[] = [];
    const x = gate(started, 'x');
    const y = gate(started, 'y');
    const z = gate(started, 'z');
    const failed = queue.run('A', x.task);
    const thrown = queue.run('B', () => {
      started.push('throws');
      throw new Error('thrown before any promise');
    });
    void queue.run('A', y.task);
    void queue.run('C', z.task);
    await assert.rejects(thrown, /thrown before any promise/);
    await settle();
    // C, never served, before A's second, A having one running.
    assert.deepEqual(started, ['x', 'throws', 'z']);
    assert.equal(queue.running, 2);
    x.fail(new Error('statement failed'));
    await assert.rejects(failed, /statement failed/);
    await settle();
    assert.deepEqual(started, ['x', 'throws', 'z', 'y']);
    y.finish();
    z.finish();
    await settle();
    assert.equal(queue.running, 0);
    assert.equal(queue.waiting, 0);
  });

  test('a limit under one is refused', () => {
    assert.throws(() => new FairQueue(0), RangeError);
  });
});

describe('FairQueue: turns within a lane, across its lines of work', () => {
  test("an account's request goes ahead of its own background backlog, and the account still gets one turn a round", async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const add = (lane: string, line: string, name: string) => {
      const g = gate(started, name);
      gates.set(name, g);
      void queue.run(lane, g.task, line);
    };
    // A's backlog over three requests, B's generation backlog, then B's request.
    for (const [line, name] of [
      ['r1', 'a1'],
      ['r1', 'a2'],
      ['r2', 'a3'],
      ['r3', 'a4'],
    ] as const)
      add('A', line, name);
    for (const name of ['g1', 'g2', 'g3']) add('B', 'generation', name);
    add('B', 'request', 'b1');
    while (queue.running > 0) {
      const running = started.at(-1);
      if (running !== undefined) gates.get(running)?.finish();
      await settle();
    }
    // A and B alternate; in B, its request (never served) before its generation's second; in A, its requests in turn.
    assert.deepEqual(started, ['a1', 'g1', 'a3', 'b1', 'a4', 'g2', 'a2', 'g3']);
  });
});

describe('FairQueue: a lane or line between two statements is not new', () => {
  test('one served a moment ago and idle since waits behind one never served, though it asked first', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const first = gate(started, 'a1');
    void queue.run('A', first.task, 'import');
    first.finish();
    await settle();
    // Something else runs while A's import (one statement at a time) prepares its next.
    const other = gate(started, 'other');
    void queue.run('C', other.task);
    const a2 = gate(started, 'a2');
    const b1 = gate(started, 'b1');
    void queue.run('A', a2.task, 'import');
    void queue.run('B', b1.task, 'request');
    // Within one account likewise: its request's first statement before its import's next.
    const a3 = gate(started, 'a3');
    const aRequest = gate(started, 'a-request');
    void queue.run('A', a3.task, 'import');
    void queue.run('A', aRequest.task, 'request');
    for (const g of [other, b1, aRequest, a2, a3]) {
      g.finish();
      await settle();
    }
    assert.deepEqual(started, ['a1', 'other', 'b1', 'a-request', 'a2', 'a3']);
  });
});

describe('FairQueue: a lane share and a wait deadline', () => {
  test("a lane at its share leaves the last places to another lane's task, which starts at once", async () => {
    const queue = new FairQueue(3, 2);
    const started: string[] = [];
    const a = ['a1', 'a2', 'a3', 'a4'].map((name) => gate(started, name));
    const runs = a.map((g) => queue.run('A', g.task));
    assert.deepEqual(started, ['a1', 'a2'], 'A holds two of three places, not three');
    const b = gate(started, 'b1');
    const bRun = queue.run('B', b.task);
    assert.deepEqual(started, ['a1', 'a2', 'b1'], "B's task needs no place to be given up");
    b.finish();
    assert.equal(await bRun, 'b1');
    await settle();
    assert.deepEqual(started, ['a1', 'a2', 'b1'], 'the place B left is not A’s: A is at its share');
    a[0]?.finish();
    await settle();
    assert.deepEqual(started, ['a1', 'a2', 'b1', 'a3']);
    for (const g of a) g.finish();
    assert.deepEqual(await Promise.all(runs), ['a1', 'a2', 'a3', 'a4']);
  });

  test('a share outside 1 to the limit is refused', () => {
    assert.throws(() => new FairQueue(3, 4), RangeError);
    assert.throws(() => new FairQueue(3, 0), RangeError);
    assert.throws(() => new FairQueue(Number.POSITIVE_INFINITY), RangeError, 'a lane with no cap either');
  });

  test('with no overall cap, every lane runs up to its share at once, and waits only for its own', async () => {
    const queue = new FairQueue(Number.POSITIVE_INFINITY, 2);
    const started: string[] = [];
    const lanes = ['A', 'B', 'C'].map((lane) => [1, 2, 3].map((n) => ({ lane, g: gate(started, `${lane.toLowerCase()}${n}`) })));
    const runs = lanes.flat().map(({ lane, g }) => queue.run(lane, g.task));
    assert.deepEqual(started, ['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);
    assert.equal(queue.waiting, 3);
    lanes[1]?.[0]?.g.finish();
    await settle();
    assert.deepEqual(started.slice(6), ['b3'], "B's place goes to B's next, not to another lane's");
    for (const { g } of lanes.flat()) g.finish();
    assert.equal((await Promise.all(runs)).length, 9);
    assert.deepEqual(started.slice(6).sort(), ['a3', 'b3', 'c3']);
  });

  test('a task not started by its deadline is rejected with its error and never runs; the queue goes on', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const running = gate(started, 'running');
    const first = queue.run('A', running.task);
    const late = gate(started, 'late');
    const timedOut = queue.run('B', late.task, '', { ms: 20, error: () => new Error('no place in time') });
    const next = gate(started, 'next');
    const afterIt = queue.run('C', next.task);
    await assert.rejects(timedOut, /no place in time/);
    assert.equal(queue.waiting, 1, 'the late task left the queue');
    running.finish();
    await first;
    await settle();
    assert.deepEqual(started, ['running', 'next'], 'the late task never ran');
    next.finish();
    assert.equal(await afterIt, 'next');
    // B's lane is served again as usual after its task timed out.
    const again = gate(started, 'b again');
    const bAgain = queue.run('B', again.task, '', { ms: 1_000, error: () => new Error('unexpected') });
    again.finish();
    assert.equal(await bAgain, 'b again');
    await settle();
    assert.equal(queue.running, 0);
    assert.equal(queue.waiting, 0);
  });

  test('a task started before its deadline is not rejected when the deadline passes', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const slow = gate(started, 'slow');
    const run = queue.run('A', slow.task, '', { ms: 10, error: () => new Error('too late') });
    await new Promise((resolve) => setTimeout(resolve, 40));
    slow.finish();
    assert.equal(await run, 'slow');
  });
});

describe('FairQueue: a task runs in its caller’s async context', () => {
  test('a task that waited runs with what its caller had set, not with what the task before it had', async () => {
    const queue = new FairQueue(1);
    const caller = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const first = Promise.withResolvers<void>();
    const runs = ['r1', 'r2', 'r3'].map((name, i) =>
      caller.run(name, () =>
        queue.run('A', async () => {
          seen.push(caller.getStore());
          if (i === 0) await first.promise;
          // Still its own after an await inside the task.
          await settle();
          seen.push(caller.getStore());
        }),
      ),
    );
    first.resolve();
    await Promise.all(runs);
    assert.deepEqual(seen, ['r1', 'r1', 'r2', 'r2', 'r3', 'r3']);
  });
});
