import type { Database } from '../db/database.ts';
import { recordDeliveredMany, type DeliveredAttempt } from '../db/webhook-deliveries.ts';

interface Waiting {
  attempt: DeliveredAttempt;
  resolve(recorded: boolean): void;
  reject(err: unknown): void;
}

/**
 * Records 2xx answers in batches: the answers that arrive while one batch is being recorded form
 * the next, one transaction each. Under a burst a delivery's settlement costs a fraction of a
 * transaction; alone, it is recorded at once, as before. Resolves true when recorded, false when
 * the attempt no longer held its delivery.
 */
export function createDeliveredBatch(db: Database): (attempt: DeliveredAttempt) => Promise<boolean> {
  let waiting: Waiting[] = [];
  let recording = false;

  async function recordWaiting(): Promise<void> {
    recording = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const recorded = await db.transaction((tx) =>
          recordDeliveredMany(
            tx,
            batch.map((w) => w.attempt),
          ),
        );
        for (const w of batch) w.resolve(recorded.has(w.attempt.delivery.id));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    recording = false;
  }

  return (attempt) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ attempt, resolve, reject });
      if (!recording) void recordWaiting();
    });
}
