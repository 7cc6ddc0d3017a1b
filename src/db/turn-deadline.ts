import { DatabaseUnavailableError } from './database.ts';
import type { WaitDeadline } from './fair-queue.ts';

/**
 * A wait for a turn that counts as a wait for a database connection: after as long as a
 * connection may be waited for, the work is unavailable (503), with nothing written.
 */
export function unavailableAfter(ms: number, waitingFor: string): WaitDeadline {
  return { ms, error: () => new DatabaseUnavailableError(`timeout exceeded ${waitingFor}`, { outcome: 'not_written' }) };
}
