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
 * the rest of the body is taken in and dropped, up to `limits` and at their pace (a few bodies of
 * one client at once), before the connection is closed: nginx's lingering close, the graceful close of RFC 9112 §9.6. Node has no
 * such option, so it is written here.
 */
export function lingerAfterEarlyAnswers(app: FastifyInstance, limits: DrainLimits): void {
  // Connections whose answer said `Connection: close`. A request the client sent behind the body
  // on the same connection is parsed while the rest is taken in, and must not run (RFC 9112 §9.6:
  // no further request on it is processed): it is left unanswered and goes with the connection.
  const closing = new WeakSet<Socket>();
  const rests = new WeakMap<IncomingMessage, Rest>();
  // Whether a request's rest is taken in at all, decided once: past the client's drains at once,
  // its connection is closed as soon as the answer is out (Node's own close, left in place).
  const admitted = (raw: IncomingMessage, socket: Socket, client: string): Rest | undefined => {
    let rest = rests.get(raw);
    if (rest === undefined) {
      rest = { admitted: !socket.destroyed && !raw.destroyed && limits.pace.mayStart(client), drain: undefined };
      rests.set(raw, rest);
      // Released when the connection goes, however it goes (the rest in, the cut, the client's
      // hang-up): a request's own 'close' does not come once its answer is out and its socket dies.
      if (rest.admitted) socket.once('close', () => limits.pace.ended(client));
    }
    return rest.admitted ? rest : undefined;
  };
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
      const rest = raw.complete ? undefined : admitted(raw, socket, request.ip);
      if (rest === undefined) return;
      closeOnceTheRestIsIn(raw, socket, limits.ms);
      rest.drain ??= dropTheRest(raw, socket, request.ip, limits);
      rest.drain.paceFromNow();
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
      // here instead, counted from now and paced once the answer is out. Not before: a body paused
      // before Node sees it being read is discarded all the same.
      const rest = raw.readableFlowing === null ? admitted(raw, socket, request.ip) : undefined;
      if (rest !== undefined) rest.drain = dropTheRest(raw, socket, request.ip, limits);
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
  socket.once('close', () => clearTimeout(timer));
}

interface Drain {
  /** From now on each read waits what the client's pace says. */
  paceFromNow(): void;
}

/** What becomes of a request's body left unread: taken in or not (decided once), and its drain once begun. */
interface Rest {
  admitted: boolean;
  drain: Drain | undefined;
}

/** Takes in and drops the rest of the body, counted against the client address's pace and up to `limits.bytes`. */
function dropTheRest(request: IncomingMessage, socket: Socket, client: string, limits: DrainLimits): Drain {
  let dropped = 0;
  let paced = false;
  let owed = 0;
  let resume: NodeJS.Timeout | undefined;
  const waitOwed = () => {
    if (!paced || owed === 0 || resume !== undefined) return;
    // Paused, the socket is not read: the kernel's buffers fill and TCP holds the client back.
    request.pause();
    resume = setTimeout(() => {
      resume = undefined;
      request.resume();
    }, owed);
    owed = 0;
    resume.unref();
  };
  const drain: Drain = {
    paceFromNow: () => {
      paced = true;
      waitOwed();
    },
  };
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limits.bytes) {
      clearTimeout(resume);
      socket.destroy();
      return;
    }
    owed = limits.pace.took(client, chunk.length);
    waitOwed();
  });
  socket.once('close', () => clearTimeout(resume));
  // A route may have piped the body somewhere and stopped reading it (stoppableBody).
  request.unpipe();
  request.resume();
  return drain;
}
