import assert from 'node:assert/strict';
import { SourceUnavailableError } from '../../src/sources/source.ts';

/** The lookup fails as "unavailable now" (not as "unknown"), from `source`, saying `message`. */
export async function expectUnavailable(promise: Promise<unknown>, source: string, message: RegExp): Promise<SourceUnavailableError> {
  let caught: unknown;
  await assert.rejects(promise, (error) => {
    caught = error;
    return true;
  });
  assert.ok(caught instanceof SourceUnavailableError, `expected SourceUnavailableError, got ${String(caught)}`);
  assert.equal(caught.source, source);
  assert.match(caught.message, message);
  return caught;
}
