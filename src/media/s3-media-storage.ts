import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3MediaSettings } from '../config.ts';
import { MEDIA_CACHE_CONTROL, MEDIA_CONTENT_TYPES, mediaKey, MediaStoreUnavailableError, type MediaExt, type MediaStorage, type OpenedMedia } from './media-storage.ts';

// Renditions in an S3 bucket (AWS, or any server speaking the S3 protocol), so the API and workers
// on different hosts see the same files. Loaded only when MEDIA_STORE=s3: the SDK is not imported
// by a deployment that keeps its media on disk.

/** A missing key reads as "no such file"; these names are what S3 servers answer for one. */
const NOT_FOUND = new Set(['NoSuchKey', 'NotFound']);
const REFUSED = new Set(['AccessDenied', 'Forbidden', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'ExpiredToken', 'InvalidToken', 'CredentialsProviderError']);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

export class S3MediaStorage implements MediaStorage {
  readonly #client: S3Client;
  readonly #settings: S3MediaSettings;

  constructor(settings: S3MediaSettings) {
    this.#settings = settings;
    this.#client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
      // A copy: the SDK marks the object it is given, and the configuration's is frozen.
      ...(settings.credentials === undefined ? {} : { credentials: { ...settings.credentials } }),
      requestHandler: { connectionTimeout: settings.connectTimeoutMs, requestTimeout: settings.timeoutMs },
      // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's
      // default CRC32 headers. The bytes were hashed before the upload, and the name is that hash.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Refuses to start on a bucket that is missing or closed to these credentials, naming the setting to fix. */
  async checkBucket(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#settings.bucket }));
    } catch (error) {
      // HeadBucket has no body: a 404 here is the bucket, never a key.
      if (isNotFound(error)) throw new MediaStoreUnavailableError(`media store: bucket "${this.#settings.bucket}" does not exist${this.#where()} (MEDIA_S3_BUCKET)`);
      throw this.#unavailable(error, 'checking the bucket');
    }
  }

  async put(hash: string, ext: MediaExt, bytes: Uint8Array): Promise<void> {
    const key = this.keyOf(hash, ext);
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== hash) throw new Error(`media bytes hash to ${actual}, not ${hash}`);
    // A HEAD costs a tenth of a PUT and spares the upload of a picture another product already has.
    if (await this.exists(hash, ext)) return;
    try {
      // Two workers storing the same hash race harmlessly: both objects hold the same bytes.
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#settings.bucket,
          Key: key,
          Body: bytes,
          ContentType: MEDIA_CONTENT_TYPES[ext],
          // What a CDN in front of the bucket (MEDIA_PUBLIC_BASE_URL) answers with.
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    } catch (error) {
      throw this.#unavailable(error, 'storing a rendition');
    }
  }

  async open(hash: string, ext: MediaExt): Promise<OpenedMedia | null> {
    const key = this.keyOf(hash, ext);
    let output;
    try {
      output = await this.#client.send(new GetObjectCommand({ Bucket: this.#settings.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw this.#unavailable(error, 'reading a rendition');
    }
    const body = output.Body;
    if (!(body instanceof Readable) || output.ContentLength === undefined) {
      if (body instanceof Readable) body.destroy();
      throw new MediaStoreUnavailableError(`media store: the S3 server${this.#where()} answered a read without a body or its length`);
    }
    return { size: output.ContentLength, stream: body };
  }

  async read(hash: string, ext: MediaExt): Promise<Uint8Array | null> {
    const opened = await this.open(hash, ext);
    if (opened === null) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async exists(hash: string, ext: MediaExt): Promise<boolean> {
    return (await this.sizeOf(hash, ext)) !== null;
  }

  async sizeOf(hash: string, ext: MediaExt): Promise<number | null> {
    const key = this.keyOf(hash, ext);
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#settings.bucket, Key: key }));
      if (head.ContentLength === undefined) throw new MediaStoreUnavailableError(`media store: the S3 server${this.#where()} answered a HEAD without the object's length`);
      return head.ContentLength;
    } catch (error) {
      if (error instanceof MediaStoreUnavailableError) throw error;
      if (isNotFound(error)) return null;
      throw this.#unavailable(error, 'looking up a rendition');
    }
  }

  keyOf(hash: string, ext: MediaExt): string {
    return `${this.#settings.prefix}${mediaKey(hash, ext)}`;
  }

  close(): void {
    this.#client.destroy();
  }

  /** What went wrong, in words an operator can act on; the SDK's stack and request details stay out. */
  #unavailable(error: unknown, doing: string): MediaStoreUnavailableError {
    const name = error instanceof Error ? error.name : 'unknown error';
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    let why: string;
    if (name === 'NoSuchBucket') why = `bucket "${this.#settings.bucket}" does not exist (MEDIA_S3_BUCKET)`;
    else if (REFUSED.has(name) || status === 401 || status === 403) {
      why = `access refused (${name}): check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the bucket's policy (s3:GetObject, s3:PutObject, s3:ListBucket)`;
    } else if (UNREACHABLE_CODES.has(code) || name === 'TimeoutError') why = `the S3 server cannot be reached (${code || name})`;
    else why = `${name}${status === undefined ? '' : ` (HTTP ${status})`}: ${error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200)}`;
    return new MediaStoreUnavailableError(`media store: ${doing} failed${this.#where()}: ${why}`);
  }

  #where(): string {
    return this.#settings.endpoint === undefined ? ` in ${this.#settings.region}` : ` at ${this.#settings.endpoint}`;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && (NOT_FOUND.has(error.name) || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'));
}
