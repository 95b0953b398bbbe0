/**
 * A small S3-compatible server for the tests, in-process on 127.0.0.1 (no network, nothing downloaded):
 * path-style PutObject, GetObject, HeadObject and DeleteObject on one bucket, answering S3's XML errors
 * (NoSuchKey, NoSuchBucket, AccessDenied) so the real @aws-sdk/client-s3 is exercised end to end.
 * Requests must carry a SigV4 Authorization header naming the expected access key id.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeObject {
  readonly bytes: Buffer;
  readonly contentType: string | undefined;
}

export interface FakeS3 {
  readonly endpoint: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Key → object. */
  readonly objects: Map<string, FakeObject>;
  /** Every request, in order: "METHOD key". */
  readonly requests: string[];
  /** While set, every request answers this status (an outage). */
  failWith: number | undefined;
  close(): Promise<void>;
}

const xmlError = (res: http.ServerResponse, status: number, code: string, message: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
};

export async function startFakeS3(bucket = 'atelier-test'): Promise<FakeS3> {
  const objects = new Map<string, FakeObject>();
  const requests: string[] = [];
  const accessKeyId = 'AKIAFAKETEST0000';
  const state: { failWith: number | undefined } = { failWith: undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, first = '', ...rest] = url.pathname.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      const method = req.method ?? 'GET';
      requests.push(`${method} ${key}`);
      if (state.failWith) return xmlError(res, state.failWith, 'InternalError', 'We encountered an internal error.');
      const auth = req.headers['authorization'] ?? '';
      if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`))
        return xmlError(res, 403, 'AccessDenied', 'Access Denied');
      if (decodeURIComponent(first) !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The bucket does not exist');
      const found = objects.get(key);
      switch (method) {
        case 'PUT': {
          const ct = req.headers['content-type'];
          objects.set(key, { bytes: Buffer.concat(chunks), contentType: ct });
          res.writeHead(200, { etag: '"fake"' });
          return res.end();
        }
        case 'GET':
        case 'HEAD':
          if (!found) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, {
            'content-type': found.contentType ?? 'application/octet-stream',
            'content-length': String(found.bytes.length),
          });
          return res.end(method === 'GET' ? found.bytes : undefined);
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed.');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'fake-secret-key-for-tests',
    objects,
    requests,
    get failWith() {
      return state.failWith;
    },
    set failWith(status) {
      state.failWith = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The environment that points the app at a fake server. */
export const s3Env = (s3: FakeS3, extra: Record<string, string> = {}): Record<string, string> => ({
  S3_BUCKET: s3.bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_FORCE_PATH_STYLE: '1',
  S3_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: s3.accessKeyId,
  AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
  ...extra,
});
