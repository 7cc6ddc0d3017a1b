import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { lockDataDir } from '../../src/db/data-dir-lock.ts';
import { makeDataDirPrivate } from '../../src/db/private-data-dir.ts';

// The embedded database writes its files open to everyone; only the directory's mode keeps
// other local users out of them.

const root = mkdtempSync(join(tmpdir(), 'vetrina-private-'));
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the data directory is its owner’s only', () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  test('a new directory is created 0700 whatever the umask', () => {
    const dir = join(root, 'new', 'data');
    makeDataDirPrivate(dir);
    assert.equal(modeOf(dir), 0o700);
  });

  test('an existing directory others can enter is closed to them; an already private one is left as it is', () => {
    const open = join(root, 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    makeDataDirPrivate(open);
    assert.equal(modeOf(open), 0o700);
    const owner = join(root, 'owner-read-only');
    mkdirSync(owner);
    chmodSync(owner, 0o500);
    makeDataDirPrivate(owner);
    assert.equal(modeOf(owner), 0o500);
  });

  test('taking the lock on a data directory makes it private (the embedded database opens only after that)', () => {
    const dir = join(root, 'locked');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const lock = lockDataDir(dir, 'test');
    lock.release();
    assert.equal(modeOf(dir), 0o700);
  });

  test('on Windows, which has no such modes, nothing is changed', () => {
    const dir = join(root, 'windows');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    makeDataDirPrivate(dir, 'win32');
    assert.equal(modeOf(dir), 0o755);
  });
});
