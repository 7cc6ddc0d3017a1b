// One remote source's circuit breaker, as a state machine with no I/O: the chain asks it before a
// call and tells it how the call went. Closed: calls go. After `failures` connection-level failures
// in a row it opens: calls are skipped at once for a cooldown. Then one call goes as a probe
// (half-open): an answer closes it, another failure opens it again for twice as long, up to a cap.

export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerSettings {
  /** Connection-level failures in a row that open the breaker. */
  failures: number;
  /** The first cooldown; each reopening doubles it. */
  cooldownMs: number;
  /** The longest cooldown. */
  maxCooldownMs: number;
}

/** `call`: go ahead. `probe`: go ahead as the one trial call; report how it went. `skip`: the source is down. */
export type Admission = 'call' | 'probe' | 'skip';

/** A change worth logging: `opened` (from closed), `reopened` (a probe failed), `closed` (it answered again). */
export type BreakerTransition = 'opened' | 'reopened' | 'closed';

export interface BreakerSnapshot {
  state: BreakerState;
  /** Connection-level failures in a row. */
  failures: number;
  /** While open: when the next probe may go (ms since the epoch); otherwise null. */
  until: number | null;
}

export interface CircuitBreaker {
  admit(): Admission;
  /** The source answered (found or not): it is reachable. */
  succeeded(): BreakerTransition | null;
  /**
   * The source could not be reached (DNS, refused, timeout, 5xx) by a call admitted as `from`.
   * Only the probe's failure reopens a half-open breaker: a call let through while it was still
   * closed may fail late, and must not cut the probe's chance short.
   */
  failed(from?: 'call' | 'probe'): BreakerTransition | null;
  /** A probe ended without saying anything about the source (the caller gave up, a 429 …): the next call probes. */
  released(): void;
  snapshot(): BreakerSnapshot;
}

export function createCircuitBreaker(settings: BreakerSettings, clock: { now(): number }): CircuitBreaker {
  let state: BreakerState = 'closed';
  let failures = 0;
  /** Openings since it was last closed: the next cooldown doubles with each. */
  let openings = 0;
  let until = 0;
  let probing = false;

  function open(): void {
    const cooldown = Math.min(settings.maxCooldownMs, settings.cooldownMs * 2 ** openings);
    openings++;
    state = 'open';
    until = clock.now() + cooldown;
    probing = false;
  }

  return {
    admit() {
      if (state === 'closed') return 'call';
      if (state === 'open') {
        if (clock.now() < until) return 'skip';
        state = 'half_open';
      }
      if (probing) return 'skip';
      probing = true;
      return 'probe';
    },
    succeeded() {
      failures = 0;
      if (state === 'closed') return null;
      state = 'closed';
      openings = 0;
      probing = false;
      return 'closed';
    },
    failed(from = 'call') {
      failures++;
      if (from === 'probe' && state === 'half_open') {
        open();
        return 'reopened';
      }
      if (state === 'closed' && failures >= settings.failures) {
        open();
        return 'opened';
      }
      return null;
    },
    released() {
      probing = false;
    },
    snapshot() {
      return { state, failures, until: state === 'open' ? until : null };
    },
  };
}
