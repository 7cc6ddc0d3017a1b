import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';

/** How much of a body left unread is still taken in after the answer, and for how long, before the connection is cut. */
export interface DrainLimits {
  bytes: number;
  ms: number;
}

/**
 * The body of a request that its route may stop reading before the end (a file over its limit,
 * a CSV record that cannot be read past) and still answer. Two things would otherwise lose that
 * answer for a client that is still sending: destroying a request's own stream destroys its
 * socket, and a socket closed with bytes unread makes the kernel reset the connection, which
 * can discard the answer at the client before it is read (EPIPE, ECONNRESET instead of the 413).
 * So the route reads a stream piped from the request, and whatever it left unread is taken in
 * and dropped after the answer, up to `limits`, as nginx's lingering close does. A client that
 * sends its whole body before reading (Python's requests does) then gets the answer.
 */
export function stoppableBody(request: IncomingMessage, response: ServerResponse, limits: DrainLimits): Readable {
  const body = new PassThrough();
  request.pipe(body);
  // pipe() passes neither a failure nor a hang-up on; the reader must see both, or it waits for ever.
  request.once('error', (err) => body.destroy(err));
  request.once('close', () => {
    if (!request.complete) body.destroy(new Error('the request was closed before its body ended'));
  });
  response.once('finish', () => {
    if (!request.complete) dropTheRest(request, body, limits);
  });
  return body;
}

function dropTheRest(request: IncomingMessage, body: PassThrough, limits: DrainLimits): void {
  request.unpipe(body);
  body.destroy();
  const socket = request.socket;
  // An injected request (tests, light-my-request) has no connection to keep or cut.
  if (!(socket instanceof Socket)) {
    request.resume();
    return;
  }
  let dropped = 0;
  const cut = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(cut, limits.ms);
  timer.unref();
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limits.bytes) cut();
  });
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
  request.resume();
}

/**
 * Limits for a body whose largest accepted size is `maxBodyBytes`: up to twice that is taken in, so
 * a file somewhat over the limit still gets its 413; for at most 30 s, nginx's lingering_time.
 */
export function drainLimitsFor(maxBodyBytes: number): DrainLimits {
  return { bytes: 2 * maxBodyBytes, ms: 30_000 };
}
