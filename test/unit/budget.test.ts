import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createBudget } from '../../src/media/budget.ts';
import { configureSharp, withDecodeSlot } from '../../src/media/sharp-settings.ts';

describe('budget', () => {
  test('takers wait in order until enough is released; a large one is not overtaken by small ones', async () => {
    const budget = createBudget(100);
    const first = await budget.acquire(60);
    const order: string[] = [];
    const large = budget.acquire(80).then((lease) => {
      order.push('large');
      return lease;
    });
    const small = budget.acquire(10).then((lease) => {
      order.push('small');
      return lease;
    });
    await nextTurn();
    assert.deepEqual(order, [], 'the small one fits but waits behind the large one');
    assert.equal(budget.waiting(), 2);
    first.release();
    const [l, s] = await Promise.all([large, small]);
    assert.deepEqual(order, ['large', 'small']);
    assert.equal(budget.inUse(), 90);
    l.shrinkTo(30);
    assert.equal(budget.inUse(), 40);
    l.release();
    s.release();
    s.release();
    assert.equal(budget.inUse(), 0);
  });

  test('a request over the total gets the whole budget instead of waiting forever', async () => {
    const budget = createBudget(100);
    const lease = await budget.acquire(500);
    assert.equal(lease.amount, 100);
    lease.release();
  });

  test('an aborted waiter leaves the queue and lets those behind it in', async () => {
    const budget = createBudget(100);
    const held = await budget.acquire(50);
    const controller = new AbortController();
    const big = budget.acquire(100, controller.signal);
    const small = budget.acquire(50);
    controller.abort(new Error('stopped'));
    await assert.rejects(big, /stopped/);
    (await small).release();
    held.release();
    assert.equal(budget.inUse(), 0);
    assert.equal(budget.waiting(), 0);
  });
});

describe('decode slots', () => {
  test('with one slot, a second decode starts only when the first has ended', async () => {
    configureSharp({ decodesAtOnce: 1 });
    try {
      const events: string[] = [];
      let finishFirst = () => {};
      const first = withDecodeSlot(async () => {
        events.push('first starts');
        await new Promise<void>((resolve) => (finishFirst = resolve));
        events.push('first ends');
      });
      const second = withDecodeSlot(async () => {
        events.push('second starts');
      });
      await nextTurn();
      assert.deepEqual(events, ['first starts']);
      finishFirst();
      await Promise.all([first, second]);
      assert.deepEqual(events, ['first starts', 'first ends', 'second starts']);
    } finally {
      configureSharp();
    }
  });
});
