import assert from 'node:assert/strict';

/** Narrows a value read from outside (a row, a process's output) and fails the test when it is missing. */
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  assert.ok(value !== undefined && value !== null, `${what} is missing`);
  return value;
}
