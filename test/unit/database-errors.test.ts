import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { commitOutcomeUnknown, DatabaseUnavailableError, isConnectionError } from '../../src/db/database.ts';

// Which errors mean "the database went away" (a 503 that loses nothing) rather than a defect (a 500).
describe('connection errors', () => {
  test("pg's 'not queryable' (a pooled client whose server ended it as it was handed out) is a lost connection", () => {
    assert.equal(isConnectionError(new Error('Client has encountered a connection error and is not queryable')), true);
  });

  test('server codes for a terminated or refused session are lost connections; a constraint violation is not', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    assert.equal(isConnectionError(withCode('57P01')), true, 'terminated by an administrator');
    assert.equal(isConnectionError(withCode('08006')), true, 'connection failure');
    assert.equal(isConnectionError(withCode('23505')), false, 'unique violation');
  });

  test('an HTTP error is never taken for the database', () => {
    assert.equal(isConnectionError(Object.assign(new Error('Connection terminated'), { statusCode: 400 })), false);
  });

  test('a loss before COMMIT wrote nothing; during COMMIT the outcome is unknown', () => {
    assert.equal(commitOutcomeUnknown(new DatabaseUnavailableError('lost', { outcome: 'not_written', cause: new Error('x') })), false);
    assert.equal(commitOutcomeUnknown(new DatabaseUnavailableError('lost', { outcome: 'unknown', cause: new Error('x') })), true);
  });
});
