/** Uploads and outputs in an S3-compatible bucket (a fake S3 server in-process), served from the same /files URLs. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toolByKey } from '../../src/catalog';
import { createStore } from '../../server/bootstrap';
import { loadConfig, type S3Config } from '../../server/config';
import { sweepUnusedUploads } from '../../server/services/storage';
import { createS3FileStore } from '../../server/services/storage-s3';
import { startFakeS3, s3Env, type FakeS3 } from './fake-s3';
import { embedded, json, pngDataUrl, setupApp, tinyPng } from './helpers';

const appUrl = 'http://localhost:3000';
let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());
afterEach(() => {
  s3.failWith = undefined;
});

const s3Config = (over: Partial<S3Config> = {}): S3Config => ({
  bucket: s3.bucket,
  prefix: '',
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  ...over,
});

describe('S3 file store', () => {
  it('saves under uploads/ or outputs/ with the content type, reads the bytes back and removes them', async () => {
    const store = createS3FileStore(s3Config(), appUrl);
    const saved = await store.save('upload', tinyPng, 'png');
    expect(saved.relPath).toMatch(/^uploads\/[a-f0-9]{32}\.png$/);
    expect(saved.url).toBe(`/files/${saved.relPath}`);
    expect(s3.objects.get(saved.relPath)).toMatchObject({ contentType: 'image/png' });
    expect(Buffer.from(s3.objects.get(saved.relPath)!.bytes)).toEqual(tinyPng);
    expect(Buffer.from((await store.read(saved.relPath))!)).toEqual(tinyPng);

    const output = await store.save('output', new Uint8Array([1, 2, 3]), 'glb');
    expect(output.relPath).toMatch(/^outputs\/[a-f0-9]{32}\.glb$/);
    expect(s3.objects.get(output.relPath)?.contentType).toBe('model/gltf-binary');

    await store.remove(saved.relPath);
    expect(s3.objects.has(saved.relPath)).toBe(false);
    expect(await store.read(saved.relPath)).toBeUndefined();
    // Removing what is already gone is harmless (S3 answers 204 either way).
    await expect(store.remove(saved.relPath)).resolves.toBeUndefined();
    expect(Buffer.from((await store.read(output.relPath))!)).toEqual(Buffer.from([1, 2, 3]));
    store.close();
  });

  it('puts every key under S3_PREFIX, so one bucket can hold several deployments', async () => {
    const store = createS3FileStore(s3Config({ prefix: 'staging/atelier/' }), appUrl);
    const saved = await store.save('upload', tinyPng, 'png');
    expect(saved.relPath).toMatch(/^uploads\//);
    expect(s3.objects.has(`staging/atelier/${saved.relPath}`)).toBe(true);
    expect(Buffer.from((await store.read(saved.relPath))!)).toEqual(tinyPng);
    await store.remove(saved.relPath);
    expect(s3.objects.has(`staging/atelier/${saved.relPath}`)).toBe(false);
    store.close();
  });

  it('maps only our own /files URLs to keys and never sends another key to the bucket', async () => {
    const store = createS3FileStore(s3Config(), appUrl);
    const name = `${'a'.repeat(32)}.png`;
    expect(store.relPathOfUrl(`/files/uploads/${name}`, 'upload')).toBe(`uploads/${name}`);
    expect(store.relPathOfUrl(`${appUrl}/files/uploads/${name}`, 'upload')).toBe(`uploads/${name}`);
    expect(store.relPathOfUrl(`https://elsewhere.example/files/uploads/${name}`, 'upload')).toBeUndefined();
    expect(store.relPathOfUrl(`/files/outputs/${name}`, 'upload')).toBeUndefined();
    expect(store.relPathOfUrl(`/files/outputs/${name}`, 'output')).toBe(`outputs/${name}`);
    expect(store.relPathOfUrl('/files/uploads/../secret.png', 'upload')).toBeUndefined();

    const before = s3.requests.length;
    expect(await store.read('../webhook-secret')).toBeUndefined();
    expect(await store.read('uploads/not-ours.png')).toBeUndefined();
    await store.remove('outputs/../../other-bucket/x.png');
    expect(s3.requests.length).toBe(before);
    store.close();
  });

  it('a bucket that fails is an error, not a missing file; a wrong key or bucket is refused', async () => {
    const store = createS3FileStore(s3Config(), appUrl);
    const saved = await store.save('upload', tinyPng, 'png');
    s3.failWith = 500;
    await expect(store.read(saved.relPath)).rejects.toThrow();
    s3.failWith = undefined;
    const wrongKey = createS3FileStore(
      s3Config({ credentials: { accessKeyId: 'AKIAWRONG', secretAccessKey: 'x' } }),
      appUrl,
    );
    await expect(wrongKey.save('upload', tinyPng, 'png')).rejects.toThrow(/Access Denied/);
    wrongKey.close();
    const wrongBucket = createS3FileStore(s3Config({ bucket: 'no-such-bucket' }), appUrl);
    await expect(wrongBucket.save('upload', tinyPng, 'png')).rejects.toThrow(/bucket does not exist/);
    await expect(wrongBucket.read(saved.relPath)).rejects.toThrow(/bucket does not exist/);
    wrongBucket.close();
    store.close();
  });
});

describe('S3 configuration', () => {
  const env = (): Record<string, string> => ({ DATA_DIR: '/tmp/atelier-config-test', ...s3Env(s3) });

  it('S3_BUCKET selects the bucket store with its endpoint, path style, region, prefix and keys', async () => {
    const config = loadConfig({ ...env(), S3_PREFIX: 'atelier' });
    expect(config.s3).toEqual({
      bucket: s3.bucket,
      prefix: 'atelier/',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const store = await createStore(config);
    expect(store.relPathOfUrl(`/files/uploads/${'b'.repeat(32)}.png`, 'upload')).toBe(`uploads/${'b'.repeat(32)}.png`);
    const saved = await store.save('upload', tinyPng, 'png');
    expect(s3.objects.has(`atelier/${saved.relPath}`)).toBe(true);
    store.close?.();
    // Without S3_BUCKET: the folder under DATA_DIR, as before.
    expect(loadConfig({ DATA_DIR: '/tmp/atelier-config-test' }).s3).toBeUndefined();
  });

  it('refuses half-made settings, naming them', () => {
    const { AWS_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = env();
    expect(() => loadConfig(withoutSecret)).toThrow(/AWS_SECRET_ACCESS_KEY: must be set with AWS_ACCESS_KEY_ID/);
    const { AWS_ACCESS_KEY_ID: _id, ...withoutId } = env();
    expect(() => loadConfig(withoutId)).toThrow(/AWS_ACCESS_KEY_ID: must be set with AWS_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: '1' })).toThrow(
      /S3_ENDPOINT, S3_FORCE_PATH_STYLE set without S3_BUCKET/,
    );
    expect(() => loadConfig({ ...env(), S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...env(), S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(() => loadConfig({ ...env(), S3_PREFIX: '/abs' })).toThrow(/S3_PREFIX: must be a key prefix/);
    expect(() => loadConfig({ UNUSED_UPLOAD_MAX_AGE_MS: '5' })).toThrow(/UNUSED_UPLOAD_MAX_AGE_MS/);
  });

  it('S3_BUCKET with no credentials anywhere refuses to start, naming the settings', async () => {
    // Nothing the SDK's default chain could find: no keys, no profile file, no role endpoints.
    for (const name of [
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_SESSION_TOKEN',
      'AWS_PROFILE',
      'AWS_WEB_IDENTITY_TOKEN_FILE',
      'AWS_ROLE_ARN',
      'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
      'AWS_CONTAINER_CREDENTIALS_FULL_URI',
    ])
      vi.stubEnv(name, undefined);
    vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent/atelier/credentials');
    vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent/atelier/config');
    try {
      const { AWS_ACCESS_KEY_ID: _id, AWS_SECRET_ACCESS_KEY: _secret, ...noKeys } = env();
      const config = loadConfig(noKeys);
      expect(config.s3?.credentials).toBeUndefined();
      await expect(createStore(config)).rejects.toThrow(
        /S3_BUCKET is set but no AWS credentials were found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

const imageTool = toolByKey('image-to-image');

for (const backend of embedded) {
  describe(`uploads and outputs in S3 through the app (${backend})`, () => {
    const env: Record<string, string> = {};
    beforeAll(() => {
      Object.assign(env, s3Env(s3, { S3_PREFIX: `app-${backend}` }));
    });
    const t = setupApp(backend, { env });
    const key = (url: string) => `app-${backend}/${url.replace(/^\/files\//, '').replace(/\?.*$/, '')}`;

    it('upload → served from /files with its type → used by a run → delete → 404 and gone from the bucket', async () => {
      const u = await t.user({ credits: 1000 });
      const uploaded = await t.request('/api/upload', { token: u.token, body: { image: pngDataUrl } });
      expect(uploaded.status).toBe(201);
      const { url } = await json<{ url: string }>(uploaded);
      expect(url).toMatch(/^\/files\/uploads\/[a-f0-9]{32}\.png\?exp=\d+&sig=[\w-]{43}$/);
      expect(s3.objects.has(key(url))).toBe(true);
      // Nothing on disk: DATA_DIR holds no uploads folder.
      expect(fs.existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);

      const served = await t.request(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(tinyPng);

      // A run reads the upload through the store (its bytes reach the provider) and stores its output there too.
      const started = await t.request('/api/generate', {
        token: u.token,
        body: { modelId: imageTool.id, input: { prompt: 'blue', image: url } },
      });
      expect(started.status).toBe(201);
      const { id } = await json<{ id: string }>(started);
      let creation: { status: string; output: string };
      for (;;) {
        creation = await json(await t.request(`/api/creations/${id}`, { token: u.token }));
        if (creation.status !== 'processing' && creation.status !== 'starting') break;
        // A macrotask pause: the run's output goes to the bucket over HTTP, which a microtask loop would starve.
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(creation.status).toBe('succeeded');
      expect(creation.output).toMatch(/^\/files\/outputs\//);
      expect(s3.objects.has(key(creation.output))).toBe(true);
      expect((await t.request(creation.output)).status).toBe(200);

      const deleted = await t.request(`/api/creations/${id}`, { token: u.token, method: 'DELETE' });
      expect(deleted.status).toBe(200);
      expect((await t.request(url)).status).toBe(404);
      expect((await t.request(creation.output)).status).toBe(404);
      expect(s3.objects.has(key(url))).toBe(false);
      expect(s3.objects.has(key(creation.output))).toBe(false);
    });

    it('the sweep of unused uploads removes their objects from the bucket', async () => {
      const u = await t.user({ credits: 10 });
      const { url } = await json<{ url: string }>(
        await t.request('/api/upload', { token: u.token, body: { image: pngDataUrl } }),
      );
      expect(s3.objects.has(key(url))).toBe(true);
      const later = new Date(t.now.getTime() + t.config.unusedUploadMaxAgeMs + 60_000);
      expect(
        await sweepUnusedUploads(t.runtime.deps.db, t.runtime.deps.files, later, t.config.unusedUploadMaxAgeMs),
      ).toBe(1);
      expect(s3.objects.has(key(url))).toBe(false);
      expect((await t.request(url)).status).toBe(404);
    });

    it('an upload that is not in the bucket any more answers 404; an unreachable bucket answers 500, not 404', async () => {
      const u = await t.user({ credits: 10 });
      const { url } = await json<{ url: string }>(
        await t.request('/api/upload', { token: u.token, body: { image: pngDataUrl } }),
      );
      s3.failWith = 503;
      expect((await t.request(url)).status).toBe(500);
      s3.failWith = undefined;
      s3.objects.delete(key(url));
      expect((await t.request(url)).status).toBe(404);
    });
  });
}
