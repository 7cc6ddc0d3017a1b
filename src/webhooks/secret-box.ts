import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSecretKey } from '../config.ts';
import type { SecretBox } from '../domain/webhook-sending.ts';

// Endpoint secrets are sealed with AES-256-GCM: a copy of the database alone does not reveal them,
// and a sealed value that was tampered with fails to open instead of signing with garbage.

const VERSION = 'v1';
export const KEY_FILE = 'webhook-secret.key';

export function sealWith(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export function openWith(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) throw new Error('not a sealed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The key from WEBHOOK_SECRET_KEY, or else from DATA_DIR/webhook-secret.key, created (readable by
 * its owner only) the first time a secret is sealed. Processes on other machines need the same
 * key: set WEBHOOK_SECRET_KEY there.
 */
export function keyFromFile(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  try {
    const text = readFileSync(path, 'utf8');
    // A key others can read is as good as a secret stored in the clear; refuse it as ssh does.
    if ((statSync(path).mode & 0o077) !== 0) throw new Error(`${path} can be read by other users: chmod 600 it (or set WEBHOOK_SECRET_KEY)`);
    const key = parseSecretKey(text);
    if (key === null) throw new Error(`${path} does not hold a 32-byte key (64 hex digits)`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': of two processes creating it at once, one wins and the other reads the winner's key.
    writeFileSync(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return keyFromFile(dataDir);
  }
}

/** A box whose key is loaded on first use, so a process that never touches webhooks creates no file. */
export function createSecretBox(source: { key: Buffer } | { dataDir: string }): SecretBox {
  let key: Buffer | null = 'key' in source ? source.key : null;
  const current = () => {
    if (key === null && 'dataDir' in source) key = keyFromFile(source.dataDir);
    if (key === null) throw new Error('no webhook secret key');
    return key;
  };
  return {
    seal: (secret) => sealWith(current(), secret),
    open: (sealed) => openWith(current(), sealed),
  };
}

/** The box a configuration names: WEBHOOK_SECRET_KEY, or the key file in DATA_DIR. */
export function secretBoxFor(config: { dataDir: string; webhooks: { secretKey: string | undefined } }): SecretBox {
  const { secretKey } = config.webhooks;
  if (secretKey === undefined) return createSecretBox({ dataDir: config.dataDir });
  const key = parseSecretKey(secretKey);
  if (key === null) throw new Error('WEBHOOK_SECRET_KEY is not a 32-byte key');
  return createSecretBox({ key });
}
