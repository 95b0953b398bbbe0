/**
 * The real path against the providers' contract fakes (tests/server/fakes): with REPLICATE_BASE_URL and
 * OPENAI_BASE_URL pointing at them, every tool runs through the same API calls the SPA makes, its output is
 * stored and served from the product's own address, and nothing goes to any other host (the test's outbound
 * guard: every fetch of the process is recorded while the suite runs; both SDKs fetch with it).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createProviders } from '../../server/bootstrap';
import { BUSY_MESSAGE } from '../../server/providers';
import { tools, type Tool } from '../../src/catalog';
import { startFakeOpenAI, type FakeOpenAI } from './fakes/openai';
import { startFakeReplicate, type FakeReplicate } from './fakes/replicate';
import { balance, json, pngDataUrl, setupApp, sharedTestPool } from './helpers';

let replicate: FakeReplicate;
let openai: FakeOpenAI;
const hosts = new Set<string>();
const realFetch = globalThis.fetch;
const operatorLogs: string[] = [];

beforeAll(async () => {
  replicate = await startFakeReplicate();
  openai = await startFakeOpenAI();
  globalThis.fetch = (input, init) => {
    hosts.add(new URL(input instanceof Request ? input.url : String(input)).host);
    return realFetch(input, init);
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await replicate.close();
  await openai.close();
});

const env = () => ({
  REPLICATE_API_TOKEN: 'r8_fake_token',
  OPENAI_API_KEY: 'sk-fake-key',
  REPLICATE_BASE_URL: replicate.baseUrl,
  OPENAI_BASE_URL: openai.baseUrl,
});

describe('every tool against the providers’ contract fakes', () => {
  const t = setupApp('pglite', {
    env: { RATE_LIMIT_GENERATE: '1000' },
    providers: () =>
      createProviders(loadConfig({ ...env(), DATA_DIR: '/tmp/atelier-unused' }), sharedTestPool(), {
        log: (line) => operatorLogs.push(line),
      }),
  });
  beforeEach(() => {
    // The adapter polls every second: the fake ends a prediction at its first read (the adapter tests walk processing).
    replicate.processingReads = 0;
    replicate.outcome = 'succeeded';
    openai.outcome = 'succeeded';
    operatorLogs.length = 0;
  });

  /** One run as the SPA starts it; its end as the SPA reads it (the single call's answer, or the polled prediction). */
  async function run(tool: Tool, token: string, uploaded: string) {
    const input: Record<string, string | number | boolean> = { ...tool.defaultParams, prompt: 'a fox in the snow' };
    if (tool.endpoint === '/api/generate/image-to-text') input['image'] = pngDataUrl;
    else if (tool.run.upload === 'image' && tool.page.upload) input['image'] = uploaded;
    if (tool.page.pose) input['pose_image'] = uploaded;
    const body =
      tool.run.call === 'single'
        ? { provider: tool.provider, modelId: tool.id, cost: tool.cost, input }
        : { modelId: tool.id, modelCost: tool.modelCost, input };
    const started = await json<{ id?: string; output?: unknown; message?: string }>(
      await t.request(tool.endpoint, { token, body }),
    );
    if (!started.id) return started;
    for (;;) {
      const state = await json<{ status: string; output?: unknown; error?: string }>(
        await t.request(`/api/prediction/${started.id}`, { token }),
      );
      if (!['starting', 'processing', 'queued'].includes(state.status)) return state;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('runs every tool: outputs stored and served by the product, no request refused, no other host', async () => {
    const u = await t.user({ credits: 10_000 });
    const { url } = await json<{ url: string }>(
      await t.request('/api/upload', { token: u.token, body: { image: pngDataUrl } }),
    );
    for (const tool of tools) {
      const end = await run(tool, u.token, url);
      expect(end, tool.key).toMatchObject({ output: expect.anything() });
      expect('error' in end ? end.error : undefined, tool.key).toBeFalsy();
      if (tool.output !== 'text' && tool.output !== 'code') {
        const output = (end as { output: string | string[] }).output;
        const address = Array.isArray(output) ? output[0]! : output;
        expect(address, tool.key).toMatch(/^\/files\/outputs\//);
        const served = await t.request(address, { token: u.token });
        expect(served.status, tool.key).toBe(200);
      }
    }
    expect(replicate.problems()).toEqual([]);
    expect(openai.problems()).toEqual([]);
    const replicateCreates = replicate.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
    expect(replicateCreates).toHaveLength(
      tools.filter((x) => x.provider === 'replicate' && x.replicate !== 'server').length,
    );
    expect(openai.requests).toHaveLength(tools.filter((x) => x.provider === 'openai').length);
    expect([...hosts].sort()).toEqual([new URL(openai.origin).host, new URL(replicate.origin).host].sort());
  }, 60_000);

  it.each([
    ['replicate', 'musicgen'],
    ['openai', 'text-to-text'],
  ] as const)(
    'CALL-2: %s answering 429 ends the run with the busy message and the credits returned',
    async (which, key) => {
      const tool = tools.find((x) => x.key === key)!;
      if (which === 'replicate') replicate.outcome = 'busy';
      else openai.outcome = 'busy';
      const u = await t.user({ credits: 100 });
      const end = await run(tool, u.token, '');
      expect(JSON.stringify(end)).toContain(BUSY_MESSAGE);
      expect(await balance(t, u.id)).toBe(100);
      expect(operatorLogs).toEqual([]);
    },
  );

  it.each([
    ['replicate', 'musicgen', 'revoked', /replicate answered HTTP 401/],
    ['openai', 'text-to-text', 'quota', /openai answered HTTP 429 \(insufficient_quota\)/],
  ] as const)(
    'CALL-2: %s %s: the operator log names provider and status, never the key; credits returned',
    async (which, key, outcome, line) => {
      const tool = tools.find((x) => x.key === key)!;
      if (which === 'replicate') replicate.outcome = outcome as 'revoked';
      else openai.outcome = outcome as 'quota';
      const u = await t.user({ credits: 100 });
      const end = await run(tool, u.token, '');
      expect(JSON.stringify(end)).toContain('Generation failed');
      expect(await balance(t, u.id)).toBe(100);
      expect(operatorLogs).toHaveLength(1);
      expect(operatorLogs[0]).toMatch(line);
      expect(operatorLogs[0]).not.toMatch(/r8_fake_token|sk-fake-key/);
    },
  );
});
