import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DrainPace } from './drain-pace.ts';

/**
 * How much of a body left unread is still taken in after the answer, for how long before the
 * connection is cut, and how fast for each client address.
 */
export interface DrainLimits {
  bytes: number;
  ms: number;
  pace: DrainPace;
}

/**
 * An answer given before its request's body has all arrived (a refused token, a 413, a CSV record
 * that cannot be read past) must still reach a client that is sending. Node closes such a
 * connection as soon as the answer is out when it says `Connection: close`, and a socket closed
 * with bytes unread makes the kernel reset the connection, which can discard the answer at the
 * client before it is read: a client that sends its whole body before reading (Python's requests
 * and urllib do) got EPIPE or ECONNRESET instead of its 413. So such an answer says
 * `Connection: close` (no client reuses the connection, nothing else can be written on it), and
 * the rest of the body is taken in and dropped, up to `limits` and at their pace, before the
 * connection is closed: nginx's lingering close, the graceful close of RFC 9112 §9.6. Node has no
 * such option, so it is written here.
 */
export function lingerAfterEarlyAnswers(app: FastifyInstance, limits: DrainLimits): void {
  // Connections whose answer said `Connection: close`. A request the client sent behind the body
  // on the same connection is parsed while the rest is taken in, and must not run (RFC 9112 §9.6:
  // no further request on it is processed): it is left unanswered and goes with the connection.
  const closing = new WeakSet<Socket>();
  const dropping = new WeakSet<IncomingMessage>();
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const socket = raw.socket;
    // An injected request (tests) has no connection to keep or cut.
    if (!(socket instanceof Socket)) return;
    if (closing.has(socket)) {
      reply.hijack();
      return;
    }
    if (raw.complete) return;
    reply.raw.once('finish', () => {
      if (raw.complete) return;
      closeOnceTheRestIsIn(raw, socket, limits.ms);
      dropTheRest(raw, socket, request.ip, limits, dropping);
    });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    const socket = raw.socket;
    if (raw.complete === false && socket instanceof Socket) {
      reply.header('connection', 'close');
      closing.add(socket);
      // A body nobody began to read (refused by its Content-Length, or before the route) would be
      // discarded by Node once the answer is out, read at full speed and counted nowhere: taken in
      // here instead, paced and counted, from the answer on.
      if (raw.readableFlowing === null) dropTheRest(raw, socket, request.ip, limits, dropping);
    }
    return payload;
  });
}

/** Once the answer is out, the connection stays open until the rest of the body is in, for at most `ms`. */
function closeOnceTheRestIsIn(request: IncomingMessage, socket: Socket, ms: number): void {
  // The answer said `Connection: close`, so Node has ended the socket and will destroy it once the
  // answer is flushed (destroySoon, on the answer's 'finish', before this listener): taken back here.
  socket.removeListener('finish', socket.destroy);
  if (socket.destroyed) return;
  const cut = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(cut, ms);
  timer.unref();
  request.once('end', cut);
  request.once('close', () => clearTimeout(timer));
}

/** Takes in and drops the rest of the body, once, at the client address's pace and up to `limits.bytes`. */
function dropTheRest(request: IncomingMessage, socket: Socket, client: string, limits: DrainLimits, dropping: WeakSet<IncomingMessage>): void {
  if (dropping.has(request) || socket.destroyed) return;
  dropping.add(request);
  let dropped = 0;
  let resume: NodeJS.Timeout | undefined;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limits.bytes) {
      clearTimeout(resume);
      socket.destroy();
      return;
    }
    const wait = limits.pace.took(client, chunk.length);
    if (wait === 0 || resume !== undefined) return;
    // Paused, the socket is not read: the kernel's buffers fill and TCP holds the client back.
    request.pause();
    resume = setTimeout(() => {
      resume = undefined;
      request.resume();
    }, wait);
    resume.unref();
  });
  request.once('close', () => clearTimeout(resume));
  // A route may have piped the body somewhere and stopped reading it (stoppableBody).
  request.unpipe();
  request.resume();
}
