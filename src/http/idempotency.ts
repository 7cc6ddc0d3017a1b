import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SqlRunner } from '../db/database.ts';
import { claimIdempotencyKey, completeIdempotencyKey, findIdempotencyKey, type IdempotencyRequest, releaseIdempotencyKey, takeOverIdempotencyKey } from '../db/idempotency-keys.ts';
import { authOf } from './auth.ts';
import { ApiError, validationFailed } from './errors.ts';

/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;
/**
 * An in_progress claim older than this was left by a process that died mid-request (every
 * request ends well inside it: REQUEST_TIMEOUT_MS bounds reading, and a create is one short
 * transaction); a repeat may then take the key over and run.
 */
export const IDEMPOTENCY_ABANDON_SECONDS = 60;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 1–255 printable ASCII characters (space to tilde). */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

interface Claim {
  accountId: string;
  key: string;
  owner: string;
  /** Set once the answer was stored or the claim released; later hooks then leave it alone. */
  settled: boolean;
}

// Per request, without decorating Fastify's request type (any scope may use these hooks).
const claims = new WeakMap<FastifyRequest, Claim>();

/** A route's way to store its answer inside its own transaction, so a charge and its key commit together. */
export type StoreAnswerInTransaction = (tx: SqlRunner, status: number, body: unknown) => Promise<void>;

/**
 * Adds the Idempotency-Key hooks to a route scope: every POST, PUT, PATCH and DELETE in it (and its
 * children) registered after this call honours the header. Register after authentication.
 */
export function useIdempotencyKeys(scope: FastifyInstance, deps: { db: SqlRunner }): void {
  scope.addHook('preHandler', async (request, reply) => {
    // A streamed body (a catalogue upload) cannot be fingerprinted before it is read.
    const config = request.routeOptions.config;
    if (!METHODS.has(request.method) || config.streamedBody === true || config.idempotencyKeys === false) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header.join(', ') : header;
    if (!VALID_KEY.test(key)) {
      throw validationFailed({ 'Idempotency-Key': ['The Idempotency-Key header must be 1 to 255 printable ASCII characters.'] });
    }
    const { accountId } = authOf(request);
    const path = pathOf(request.url);
    const wanted: IdempotencyRequest = {
      accountId,
      key,
      fingerprint: fingerprintOf(request.method, path, request.body),
      method: request.method,
      path,
      owner: randomUUID(),
      ttlSeconds: IDEMPOTENCY_KEY_TTL_SECONDS,
    };
    const verdict = await claimOrRead(deps.db, wanted);
    if (verdict.kind === 'claimed') {
      claims.set(request, { accountId, key, owner: wanted.owner, settled: false });
      return;
    }
    if (verdict.kind === 'reused')
      throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was used with a different request (method, path or body). Use a new key for a new request.');
    if (verdict.kind === 'in_use') throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being answered; retry in a moment.');
    return replay(reply, verdict.response);
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (claim === undefined || claim.settled) return payload;
    claim.settled = true;
    try {
      if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
        // A server failure keeps no record, so the same key can be retried. Release touches only an
        // in_progress row: an answer the route stored in a transaction that did commit stays.
        await releaseIdempotencyKey(deps.db, claim.accountId, claim.key, claim.owner);
      } else {
        // Also after a route stored its answer in its transaction: that transaction may have been
        // retried (a deadlock) and ended with another answer, leaving the key in_progress. A stored
        // answer is already `done`, and this touches only an in_progress row.
        const contentType = String(reply.getHeader('content-type') ?? JSON_TYPE);
        const body = request.routeOptions.config.secretInAnswer === true ? withoutSecret(payload.toString()) : payload.toString();
        await completeIdempotencyKey(deps.db, claim.accountId, claim.key, claim.owner, { status: reply.statusCode, body, contentType });
      }
    } catch (err) {
      // The answer stands; the key stays in_progress until it counts as abandoned (a repeat gets 409 until then).
      request.log.error({ err }, 'could not store the answer of an idempotent request');
    }
    return payload;
  });

  // A request that never reached onSend (its connection died first) must not hold its key.
  scope.addHook('onResponse', async (request) => {
    const claim = claims.get(request);
    if (claim === undefined || claim.settled) return;
    claim.settled = true;
    await releaseIdempotencyKey(deps.db, claim.accountId, claim.key, claim.owner).catch((err: unknown) => {
      request.log.error({ err }, 'could not release an idempotency key');
    });
  });
}

/**
 * For a route that charges: when the request holds a key, a function that stores its answer in
 * the route's own transaction (the key then commits with the charge, or not at all). The route
 * must then send exactly `body` with `status`.
 */
export function answerInTransaction(request: FastifyRequest): StoreAnswerInTransaction | undefined {
  const claim = claims.get(request);
  if (claim === undefined || claim.settled) return undefined;
  return async (tx, status, body) => {
    const stored = await completeIdempotencyKey(tx, claim.accountId, claim.key, claim.owner, { status, body: JSON.stringify(body), contentType: JSON_TYPE });
    // Our claim was taken over as abandoned and another request runs it: this one must not commit too.
    if (!stored) throw new Error('idempotency key claim lost before commit; rolling back');
  };
}

type Verdict = { kind: 'claimed' } | { kind: 'reused' } | { kind: 'in_use' } | { kind: 'replay'; response: { status: number; body: string; contentType: string } };

/** Whoever inserts the row first runs the request; everyone else learns from the row what to answer. */
async function claimOrRead(db: SqlRunner, wanted: IdempotencyRequest): Promise<Verdict> {
  // A few times at most: a row that vanished between the insert and the read (released after a
  // 5xx) is claimed again, and a row that changed before its take-over (answered, or taken by
  // another repeat) is read again, so an answer stored meanwhile is replayed.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await claimIdempotencyKey(db, wanted)) return { kind: 'claimed' };
    const row = await findIdempotencyKey(db, wanted.accountId, wanted.key, IDEMPOTENCY_ABANDON_SECONDS);
    if (row === undefined) continue;
    // An expired key is as good as absent (the hourly prune may not have run yet).
    if (row.expired) {
      if (await takeOverIdempotencyKey(db, wanted, row.owner, IDEMPOTENCY_ABANDON_SECONDS)) return { kind: 'claimed' };
      continue;
    }
    if (row.fingerprint !== wanted.fingerprint) return { kind: 'reused' };
    if (row.state === 'done' && row.response_status !== null && row.response_body !== null) {
      return { kind: 'replay', response: { status: row.response_status, body: row.response_body, contentType: row.response_content_type ?? JSON_TYPE } };
    }
    if (!row.abandoned) return { kind: 'in_use' };
    if (await takeOverIdempotencyKey(db, wanted, row.owner, IDEMPOTENCY_ABANDON_SECONDS)) return { kind: 'claimed' };
  }
  return { kind: 'in_use' };
}

function replay(reply: FastifyReply, response: { status: number; body: string; contentType: string }): FastifyReply {
  return reply.code(response.status).header('idempotent-replayed', 'true').type(response.contentType).send(response.body);
}

/** The path as sent, query included, without a trailing slash (the router ignores it too). */
function pathOf(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return query === undefined ? trimmed : `${trimmed}?${query}`;
}

/** sha256 over method, path and the body as canonical JSON (keys sorted), so key order and spacing do not matter. */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

/** Recursive, over a body whose depth the JSON parser has already bounded (MAX_JSON_DEPTH). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The answer as kept for a repeat: its `data.secret` blanked (the repeat says the secret was shown once). */
function withoutSecret(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('data' in parsed)) return body;
    const data = parsed.data;
    if (typeof data !== 'object' || data === null || !('secret' in data)) return body;
    return JSON.stringify({ ...parsed, data: { ...data, secret: null } });
  } catch {
    return body;
  }
}
