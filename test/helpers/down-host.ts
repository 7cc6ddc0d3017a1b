import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A URL on a loopback port that nothing listens on: a host that is down. */
export async function downHost(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
