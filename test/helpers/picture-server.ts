import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { productPicture, type ProductShape } from './product-pictures.ts';

// Product photographs on a loopback port, for tests whose products carry image URLs.

export interface PictureServer {
  /** `http://127.0.0.1:<port>`; pictures are at `<base>/<shape>-<n>.png`. */
  base: string;
  /** For FETCH_ALLOWED_HOSTS. */
  host: string;
  close(): Promise<void>;
}

/** Serves any `/<shape>-<n>.png`, drawn once per name with a hue of its own, so every name is a different picture. */
export async function startPictureServer(): Promise<PictureServer> {
  const drawn = new Map<string, Promise<Buffer>>();
  const server = createServer((req, res) => {
    const match = /^\/(bottle|box|jar|tube)-(\d+)\.png$/.exec(req.url ?? '');
    if (match === null) return void res.writeHead(404).end();
    const name = match[0];
    let picture = drawn.get(name);
    if (picture === undefined) {
      picture = productPicture({ width: 700, height: 900, shape: match[1] as ProductShape, hue: (Number(match[2]) * 37) % 360 }, 'png');
      drawn.set(name, picture);
    }
    picture.then(
      (body) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
