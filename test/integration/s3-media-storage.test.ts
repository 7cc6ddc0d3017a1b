import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ConfigError, loadConfig, type S3MediaSettings } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import { MediaStoreUnavailableError } from '../../src/media/media-storage.ts';
import { S3MediaStorage } from '../../src/media/s3-media-storage.ts';
import { defined } from '../helpers/assert.ts';
import { downHost } from '../helpers/down-host.ts';
import { mediaStorageContract, sha } from '../helpers/media-storage-contract.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { OFFLINE_ENV } from '../helpers/offline-env.ts';
import { runCli } from '../helpers/run-cli.ts';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server, type S3Server } from '../helpers/s3-server.ts';

// The S3 media store against a real S3-protocol server on loopback: the contract every store keeps,
// where its objects land, and a bucket or key that cannot be used is said plainly, at
// start or as the store's own error, never as the SDK's stack.

describe('S3MediaStorage', () => {
  let s3: S3Server;
  let storage: S3MediaStorage;
  let settings: S3MediaSettings;
  const opened: S3MediaStorage[] = [];

  const store = (change: Partial<S3MediaSettings>): S3MediaStorage => {
    const s = new S3MediaStorage({ ...settings, ...change });
    opened.push(s);
    return s;
  };

  before(async () => {
    s3 = await startS3Server();
    const config = loadConfig({ ...s3.env({ MEDIA_S3_PREFIX: '/shop-a/media/' }) });
    assert.equal(config.media.store.kind, 's3');
    if (config.media.store.kind !== 's3') return;
    settings = { ...config.media.store.s3, timeoutMs: 5000 };
    storage = store({});
  });

  after(async () => {
    for (const s of opened) s.close();
    await s3.close();
  });

  mediaStorageContract(() => storage);

  test('an object sits under the prefix and the fanned-out hash, with type and cache headers', async () => {
    const bytes = Buffer.from('a rendition under a prefix');
    const hash = sha(bytes);
    await storage.put(hash, 'jpg', bytes);
    const key = `shop-a/media/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.jpg`;
    assert.equal(storage.keyOf(hash, 'jpg'), key);

    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
    });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      assert.equal(head.ContentType, 'image/jpeg');
      assert.equal(head.CacheControl, 'public, max-age=31536000, immutable');
      assert.equal(head.ContentLength, bytes.length);
    } finally {
      client.destroy();
    }
  });

  test('a missing bucket is named at the check, and every use of it is the store being unavailable', async () => {
    const missing = store({ bucket: 'no-such-bucket' });
    await assert.rejects(missing.checkBucket(), (error: unknown) => {
      assert.ok(error instanceof MediaStoreUnavailableError);
      assert.equal(error.message, `media store: bucket "no-such-bucket" does not exist at ${s3.endpoint} (MEDIA_S3_BUCKET)`);
      return true;
    });
    const bytes = Buffer.from('for a bucket that is not there');
    await assert.rejects(
      missing.put(sha(bytes), 'jpg', bytes),
      /^MediaStoreUnavailableError: media store: storing a rendition failed at .*: bucket "no-such-bucket" does not exist/,
    );
    await assert.rejects(missing.open(sha(bytes), 'jpg'), MediaStoreUnavailableError);
  });

  test('an unknown access key is refused, with the variables to check', async () => {
    const refused = store({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' } });
    await assert.rejects(refused.checkBucket(), (error: unknown) => {
      assert.ok(error instanceof MediaStoreUnavailableError);
      assert.match(error.message, /^media store: checking the bucket failed at http:\/\/127\.0\.0\.1:\d+: access refused \(\w+\): check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY/);
      return true;
    });
    const bytes = Buffer.from('refused');
    await assert.rejects(refused.open(sha(bytes), 'jpg'), /access refused \(InvalidAccessKeyId\)/);
  });

  test('a server that is not there is unreachable, not a missing file', async () => {
    const gone = store({ endpoint: await downHost() });
    await assert.rejects(
      gone.exists(sha(Buffer.from('z')), 'jpg'),
      /^MediaStoreUnavailableError: media store: looking up a rendition failed at .*: the S3 server cannot be reached \(ECONNREFUSED\)$/,
    );
  });
});

describe('MEDIA_STORE=s3 at start', () => {
  let s3: S3Server;
  before(async () => {
    s3 = await startS3Server();
  });
  after(async () => {
    await s3.close();
  });

  test('half-given settings are a configuration error that names them', () => {
    assert.throws(() => loadConfig({ MEDIA_STORE: 's3' }), /MEDIA_S3_BUCKET: MEDIA_STORE=s3 needs the bucket name/);
    assert.throws(() => loadConfig({ MEDIA_S3_BUCKET: 'b' }), /MEDIA_S3_BUCKET: is set but MEDIA_STORE is "file"/);
    assert.throws(() => loadConfig(s3.env({ AWS_SECRET_ACCESS_KEY: '' })), /AWS_ACCESS_KEY_ID \/ AWS_SECRET_ACCESS_KEY: set both or neither/);
    assert.throws(() => loadConfig(s3.env({ MEDIA_S3_BUCKET: 'a/b' })), ConfigError);
    assert.equal(loadConfig({}).media.store.kind, 'file', 'the file store stays the default');
  });

  test('a container does not open on a missing bucket, and closes what it had opened', async () => {
    const target = defined(databaseTargets()[0]);
    const database = await target.open();
    try {
      const config = loadConfig({ ...OFFLINE_ENV, LOG_LEVEL: 'silent', ...s3.env({ MEDIA_S3_BUCKET: 'forgotten' }) });
      await assert.rejects(createContainer(config, { database }), /media store: bucket "forgotten" does not exist at http:\/\/127\.0\.0\.1:\d+ \(MEDIA_S3_BUCKET\)/);
    } finally {
      await database.close();
    }
  });

  test('`vetrina serve` with a refused key exits 1 with one line saying what to fix, no stack', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vetrina-s3-start-'));
    const result = await runCli(['serve'], s3.env({ AWS_ACCESS_KEY_ID: 'NOT-A-KEY', DATA_DIR: dataDir, PORT: '0' })).finally(() => rm(dataDir, { recursive: true, force: true }));
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /^vetrina: media store: checking the bucket failed at http:\/\/127\.0\.0\.1:\d+: access refused/);
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  });
});
