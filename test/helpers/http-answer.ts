import type { ClientRequest } from 'node:http';

/** The status and text body of a request's answer, once it has been read in full. */
export function answerOf(req: ClientRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}
