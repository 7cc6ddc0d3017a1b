import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A request whose body has not all arrived within its deadline is answered 408 and its
 * connection closed, as Node does for its own request timeout. Node's timeout is one number for
 * the whole server, and a catalogue upload is read while it is imported (a minute for 100 MiB),
 * so the server's own timeout is set to the longest deadline and this hook holds every other
 * request to REQUEST_TIMEOUT_SECONDS: a client that sends a few bytes still cannot hold a socket.
 */
export function enforceBodyDeadlines(app: FastifyInstance, deadlines: { defaultMs: number; streamedBodyMs: number }): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    // Only a real connection can stall (an injected request has no socket of its own to hold).
    if (raw.complete || !(raw.socket instanceof Socket)) return;
    const ms = request.routeOptions.config.streamedBody === true ? deadlines.streamedBodyMs : deadlines.defaultMs;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.info({ deadlineMs: ms }, 'request body not received in time: 408');
      const socket = raw.socket;
      if (socket.writable) socket.write('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
    }, ms);
    timer.unref();
    const done = () => clearTimeout(timer);
    raw.once('end', done);
    raw.once('close', done);
    reply.raw.once('finish', done);
  });
}
