import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toolByKey } from '../../../src/catalog';
import { createReplicateProvider } from '../../../server/providers/replicate';
import sharp from 'sharp';
import { ProviderError, type GenerationJob } from '../../../server/providers/types';

interface Call {
  method: string;
  path: string;
  auth: string | undefined;
  body: Record<string, unknown> | null;
}

let server: Server;
let origin = '';
let calls: Call[] = [];
/** Statuses the fake answers on successive polls; the last one sticks. */
let statuses: string[] = [];
let finalOutput: unknown = null;
let finalError: unknown = null;
const png = new Uint8Array(
  await sharp({ create: { width: 2, height: 2, channels: 3, background: { r: 90, g: 90, b: 90 } } })
    .png()
    .toBuffer(),
);

function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => resolve(body ? (JSON.parse(body) as Record<string, unknown>) : null));
  });
}

function prediction(status: string) {
  return {
    id: 'p1',
    status,
    model: 'owner/model',
    version: 'v1',
    input: {},
    output: status === 'succeeded' ? finalOutput : null,
    error: status === 'failed' ? finalError : null,
    urls: { get: `${origin}/v1/predictions/p1`, cancel: `${origin}/v1/predictions/p1/cancel` },
    created_at: '2026-01-01T00:00:00Z',
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readJson(req).then((body) => {
      const path = req.url ?? '';
      calls.push({ method: req.method ?? '', path, auth: req.headers.authorization, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && (path === '/v1/predictions' || /^\/v1\/models\/.+\/predictions$/.test(path))) {
        json(201, prediction('starting'));
      } else if (req.method === 'GET' && path === '/v1/predictions/p1') {
        json(200, prediction(statuses.length > 1 ? statuses.shift()! : (statuses[0] ?? 'processing')));
      } else if (req.method === 'POST' && path === '/v1/predictions/p1/cancel') {
        json(200, prediction('canceled'));
      } else if (path === '/files/out.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.from(png));
      } else if (path === '/files/song.wav') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.from('RIFFxxxxWAVE'));
      } else if (path === '/files/gone.png') {
        json(404, { detail: 'gone' });
      } else {
        json(404, { detail: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  calls = [];
  statuses = ['processing', 'succeeded'];
  finalOutput = null;
  finalError = null;
});

const provider = () => createReplicateProvider({ token: 'r8_test', baseUrl: `${origin}/v1`, pollIntervalMs: 1 });

function job(extra: Partial<GenerationJob> = {}): GenerationJob {
  const tool = toolByKey('text-to-image');
  return { tool, input: { ...tool.defaultParams, prompt: 'a fox' }, ...extra };
}

describe('replicate provider (fake Replicate API)', () => {
  it('creates a prediction for the model, polls to success and downloads the file', async () => {
    finalOutput = [`${origin}/files/out.png`];
    const result = await provider().run(job(), new AbortController().signal);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/models/bytedance/sdxl-lightning-4step/predictions',
      auth: 'Bearer r8_test',
    });
    expect(calls[0]!.body).toMatchObject({ input: { prompt: 'a fox', num_inference_steps: 4 } });
    expect(calls.filter((c) => c.path === '/v1/predictions/p1').length).toBe(2);
    expect(result.model).toBe('bytedance/sdxl-lightning-4step');
    expect(result.output.kind).toBe('files');
    if (result.output.kind !== 'files') return;
    expect(result.output.files).toEqual([{ bytes: new Uint8Array(png), contentType: 'image/png', ext: 'png' }]);
  });

  it('uses the version endpoint and sends input images as data URLs', async () => {
    finalOutput = { audio: `${origin}/files/song.wav` };
    const result = await provider().run(
      job({ version: 'abc123', images: { image: { bytes: png, contentType: 'image/png' } } }),
      new AbortController().signal,
    );
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/predictions' });
    expect(calls[0]!.body).toMatchObject({ version: 'abc123' });
    const input = calls[0]!.body!['input'] as Record<string, unknown>;
    expect(String(input['image'])).toMatch(/^data:image\/png;base64,/);
    // A generic content type falls back to the file extension.
    expect(result.output.kind === 'files' && result.output.files[0]).toMatchObject({
      contentType: 'audio/wav',
      ext: 'wav',
    });
  });

  it('returns text outputs (including token lists) as text', async () => {
    finalOutput = ['Hello', ', ', 'world'];
    const result = await provider().run(job(), new AbortController().signal);
    expect(result.output).toEqual({ kind: 'text', text: 'Hello, world' });
  });

  it('maps failed to a ProviderError with the model error', async () => {
    statuses = ['failed'];
    finalError = 'NSFW content detected';
    const run = provider().run(job(), new AbortController().signal);
    await expect(run).rejects.toBeInstanceOf(ProviderError);
    await expect(run).rejects.toMatchObject({ status: 'failed', message: 'NSFW content detected' });
  });

  it.each(['canceled', 'aborted'])('maps %s to a canceled ProviderError', async (status) => {
    statuses = [status];
    await expect(provider().run(job(), new AbortController().signal)).rejects.toMatchObject({
      name: 'ProviderError',
      status: 'canceled',
    });
  });

  it('cancels the prediction when the signal aborts while polling', async () => {
    statuses = ['processing'];
    const controller = new AbortController();
    const slow = createReplicateProvider({ token: 'r8_test', baseUrl: `${origin}/v1`, pollIntervalMs: 5 });
    const run = slow.run(job(), controller.signal);
    // Abort once the fake has been polled, so the prediction exists.
    await new Promise<void>((resolve) => {
      const check = () => (calls.some((c) => c.method === 'GET') ? resolve() : setImmediate(check));
      check();
    });
    controller.abort(new Error('deadline'));
    await expect(run).rejects.toThrow('deadline');
    await new Promise<void>((resolve) => {
      const check = () => (calls.some((c) => c.path.endsWith('/cancel')) ? resolve() : setImmediate(check));
      check();
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/predictions/p1/cancel')).toBe(true);
  });

  it('fails with a ProviderError when an output cannot be downloaded', async () => {
    finalOutput = `${origin}/files/gone.png`;
    await expect(provider().run(job(), new AbortController().signal)).rejects.toThrow(/download/);
  });
});
