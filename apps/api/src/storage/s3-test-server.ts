import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver (npm, pure JavaScript) is a real S3-compatible HTTP server; used by tests and benches.
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stops answering (the port closes); the stored objects stay for `restart`. */
  stop(): Promise<void>;
  /** Serves again on the same port, with what was stored before. */
  restart(): Promise<void>;
  close(): Promise<void>;
};

/** Starts s3rver on 127.0.0.1 with a random port and an empty bucket in a temp folder. */
export async function startTestS3Server(bucket = 'media-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  let server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    ...credentials,
    async stop() {
      if (running) await server.close();
      running = false;
    },
    async restart() {
      if (running) return;
      server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
      await server.run();
      running = true;
    },
    async close() {
      if (running) await server.close();
      running = false;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
