import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';

const CLOSED_EARLY = 'the request was closed before its body ended';

/**
 * The body of a request that its route may stop reading before the end (a file over its limit, a
 * CSV record that cannot be read past) and still answer: destroying a request's own stream
 * destroys its socket, answer and all. So the route reads a stream piped from the request; what it
 * leaves unread is dropped after the answer (lingerAfterEarlyAnswers).
 */
export function stoppableBody(request: IncomingMessage, response: ServerResponse): Readable {
  const body = new PassThrough();
  // The reader listens for failures once it starts reading; one that comes before (the client
  // hung up while the import was being recorded) must not be an unhandled 'error', which ends the process.
  body.on('error', () => {});
  // A client that hung up before the route ran (during authentication) has no 'close' left to tell.
  if (request.destroyed && !request.complete) return body.destroy(new Error(CLOSED_EARLY));
  request.pipe(body);
  // pipe() passes neither a failure nor a hang-up on; the reader must see both, or it waits for ever.
  request.once('error', (err) => body.destroy(err));
  request.once('close', () => {
    if (!request.complete) body.destroy(new Error(CLOSED_EARLY));
  });
  response.once('finish', () => {
    if (request.complete) return;
    request.unpipe(body);
    body.destroy();
    // With no connection of its own (an injected request) nobody else drops the rest.
    request.resume();
  });
  return body;
}
