import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { bulkTurn } from '../../src/queue/bulk-pace.ts';

/** Keeps the thread busy, as a burst of bulk work would. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

test('bulk work waits while the thread has been busy most of the time, and goes on once it has been idle', async () => {
  // A first turn after an idle spell measures from now on.
  await delay(250);
  await bulkTurn();
  spin(250);
  const started = performance.now();
  await bulkTurn();
  // The last 100–200 ms were all busy: the turn waits for the thread's share to fall (at least one pause).
  assert.ok(performance.now() - started >= 5, `waited ${(performance.now() - started).toFixed(1)} ms after a busy burst`);
  // And lets the next step through once the thread has been idle, however long that took to come.
  await delay(250);
  await bulkTurn();
});

test("work that came in meanwhile (a request's callback) runs between two steps of bulk work", async () => {
  const order: string[] = [];
  const steps = (async () => {
    for (let i = 0; i < 3; i += 1) {
      await bulkTurn();
      order.push(`step ${i}`);
    }
  })();
  // Scheduled after the bulk work started: a callback of pending I/O, as a request's would be.
  setImmediate(() => order.push('request'));
  await steps;
  const request = order.indexOf('request');
  assert.ok(request >= 0 && request < order.indexOf('step 1'), order.join(', '));
});

test('a thread kept busy by other work still lets bulk work step on, after a bounded wait', { timeout: 10_000 }, async () => {
  // Other work keeps the thread busy 8 ms of every 10 for as long as the bulk step waits.
  let busy = true;
  const keepBusy = async () => {
    while (busy) {
      spin(8);
      await delay(2);
    }
  };
  const other = keepBusy();
  await bulkTurn();
  busy = false;
  await other;
});
