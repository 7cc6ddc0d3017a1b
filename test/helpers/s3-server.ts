import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

// A real S3-protocol server (s3rver) on loopback, its objects in a directory of its own. It checks
// the access key id (an unknown one is refused) but not SigV4 signatures, so "wrong credentials"
// in a test means an unknown key id.

export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The settings that point a Vetrina process at this server's bucket. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'vetrina-media'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'vetrina-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (extra = {}) => ({
      MEDIA_STORE: 's3',
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_FORCE_PATH_STYLE: 'on',
      AWS_ACCESS_KEY_ID: S3_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
      ...extra,
    }),
    async close() {
      // Clients keep connections alive; the server would otherwise wait for them to time out.
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
