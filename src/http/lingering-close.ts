import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How much of a body left unread is still taken in after the answer, and for how long, before the connection is cut. */
export interface DrainLimits {
  bytes: number;
  ms: number;
}

/**
 * An answer given before its request's body has all arrived (a refused token, a 413, a CSV record
 * that cannot be read past) must still reach a client that is sending. Node closes such a
 * connection as soon as the answer is out when it says `Connection: close`, and a socket closed
 * with bytes unread makes the kernel reset the connection, which can discard the answer at the
 * client before it is read: a client that sends its whole body before reading (Python's requests
 * and urllib do) got EPIPE or ECONNRESET instead of its 413. So such an answer says
 * `Connection: close` (no client reuses the connection, nothing else can be written on it), and
 * the rest of the body is taken in and dropped, up to `limits`, before the connection is closed:
 * nginx's lingering close, the graceful close of RFC 9112 §9.6. Node has no such option, so it is
 * written here.
 */
export function lingerAfterEarlyAnswers(app: FastifyInstance, limits: DrainLimits): void {
  // Connections whose answer said `Connection: close`. A request the client sent behind the body
  // on the same connection is parsed while the rest is taken in, and must not run (RFC 9112 §9.6:
  // no further request on it is processed): it is left unanswered and goes with the connection.
  const closing = new WeakSet<Socket>();
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
      if (!raw.complete) dropTheRest(raw, socket, limits);
    });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const socket = request.raw.socket;
    if (request.raw.complete === false && socket instanceof Socket) {
      reply.header('connection', 'close');
      closing.add(socket);
    }
    return payload;
  });
}

function dropTheRest(request: IncomingMessage, socket: Socket, limits: DrainLimits): void {
  // The answer said `Connection: close`, so Node has ended the socket and will destroy it once the
  // answer is flushed (destroySoon, on the answer's 'finish', before this listener): taken back
  // here, and done once the rest is read.
  socket.removeListener('finish', socket.destroy);
  if (socket.destroyed) return;
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
  request.once('end', cut);
  request.once('close', () => clearTimeout(timer));
  // A route may have piped the body somewhere and stopped reading it (stoppableBody).
  request.unpipe();
  request.resume();
}
