import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toolByKey } from '../../../src/catalog';
import { createOpenAIProvider, SYSTEM_PROMPTS } from '../../../server/providers/openai';
import sharp from 'sharp';
import { ProviderError, type GenerationJob } from '../../../server/providers/types';

interface Call {
  path: string;
  auth: string | undefined;
  body: Record<string, unknown>;
}

let server: Server;
let baseURL = '';
let calls: Call[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: {} };
let hang = false;
const png = new Uint8Array(
  await sharp({ create: { width: 2, height: 2, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png()
    .toBuffer(),
);

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => resolve(body ? (JSON.parse(body) as Record<string, unknown>) : {}));
  });
}

const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
});

beforeAll(async () => {
  server = createServer((req, res) => {
    void readJson(req).then((body) => {
      calls.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      if (hang) return; // never answers: the client must give up on abort
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

beforeEach(() => {
  calls = [];
  hang = false;
  reply = { status: 200, body: completion('Hello from the fake') };
});

const provider = () => createOpenAIProvider({ apiKey: 'sk-test', baseURL });
const signal = () => new AbortController().signal;

function job(
  key: 'text-to-text' | 'code-generation' | 'image-to-text',
  input: GenerationJob['input'],
  images?: GenerationJob['images'],
): GenerationJob {
  const tool = toolByKey(key);
  return { tool, input: { ...tool.defaultParams, ...input }, ...(images ? { images } : {}) };
}

describe('openai provider (fake OpenAI API)', () => {
  it('sends text prompts to chat completions with the tool settings', async () => {
    const result = await provider().run(job('text-to-text', { prompt: 'A haiku' }), signal());
    expect(result.output).toEqual({ kind: 'text', text: 'Hello from the fake' });
    expect(result.model).toBe('gpt-4o-mini-2024-07-18');
    expect(calls[0]!.path).toBe('/v1/chat/completions');
    expect(calls[0]!.auth).toBe('Bearer sk-test');
    expect(calls[0]!.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: SYSTEM_PROMPTS.text },
        { role: 'user', content: 'A haiku' },
      ],
      max_tokens: 1000,
      temperature: 0.7,
    });
  });

  it('asks for code in the requested language, TypeScript by default', async () => {
    await provider().run(job('code-generation', { prompt: 'fizzbuzz' }), signal());
    await provider().run(job('code-generation', { prompt: 'fizzbuzz', language: 'Go' }), signal());
    const [ts, go] = calls.map((c) => c.body['messages'] as { content: string }[]);
    expect(ts![0]!.content).toBe(SYSTEM_PROMPTS.code('TypeScript'));
    expect(go![0]!.content).toBe(SYSTEM_PROMPTS.code('Go'));
    expect(calls[0]!.body).toMatchObject({ model: 'gpt-4.1-mini', max_tokens: 2000, temperature: 0.3 });
  });

  it('sends the image as a data URL in a vision message for image-to-text', async () => {
    await provider().run(job('image-to-text', {}, { image: { bytes: png, contentType: 'image/png' } }), signal());
    const messages = calls[0]!.body['messages'] as { role: string; content: unknown }[];
    const parts = messages[1]!.content as { type: string; image_url?: { url: string } }[];
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(parts[1]!.image_url!.url).toBe(`data:image/png;base64,${Buffer.from(png).toString('base64')}`);
    expect(calls[0]!.body).toMatchObject({ model: 'gpt-4o', temperature: 0 });
  });

  it('rejects image-to-text without an image before calling the API', async () => {
    await expect(provider().run(job('image-to-text', {}), signal())).rejects.toBeInstanceOf(ProviderError);
    expect(calls).toHaveLength(0);
  });

  it('generates images through the images API as b64_json', async () => {
    reply = { status: 200, body: { created: 1, data: [{ b64_json: Buffer.from(png).toString('base64') }] } };
    const tool = { ...toolByKey('text-to-image'), id: 'dall-e-3', provider: 'openai' as const };
    const result = await provider().run({ tool, input: { prompt: 'a cat', width: 1024, height: 1024 } }, signal());
    expect(calls[0]!.path).toBe('/v1/images/generations');
    expect(calls[0]!.body).toEqual({
      model: 'dall-e-3',
      prompt: 'a cat',
      n: 1,
      size: '1024x1024',
      response_format: 'b64_json',
    });
    expect(result.output).toEqual({
      kind: 'files',
      files: [{ bytes: new Uint8Array(png), contentType: 'image/png', ext: 'png' }],
    });
  });

  it('turns a rejected request into a ProviderError with the API message', async () => {
    reply = {
      status: 400,
      body: { error: { message: 'Your request was rejected by the safety system', type: 'invalid_request_error' } },
    };
    await expect(provider().run(job('text-to-text', { prompt: 'x' }), signal())).rejects.toMatchObject({
      name: 'ProviderError',
      message: 'Your request was rejected by the safety system',
    });
  });

  it('rejects with the abort reason when the signal aborts mid-request', async () => {
    hang = true;
    const controller = new AbortController();
    const run = provider().run(job('text-to-text', { prompt: 'x' }), controller.signal);
    await new Promise<void>((resolve) => {
      const check = () => (calls.length > 0 ? resolve() : setImmediate(check));
      check();
    });
    controller.abort(new Error('deadline'));
    await expect(run).rejects.toThrow('deadline');
  });
});
