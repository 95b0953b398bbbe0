/** The offline provider's prompt markers through the HTTP API: what a client sees. */
import { afterAll, describe, expect, it } from 'vitest';
import { toolByKey } from '../../../src/catalog';
import { createLocalProvider } from '../../../server/providers/local';
import { createWorkerPool } from '../../../server/workers/pool';
import { balance, json, setupApp } from '../helpers';

const pool = createWorkerPool({ maxThreads: 1 });
afterAll(() => pool.close());

describe('offline provider markers over HTTP', () => {
  const t = setupApp('pglite', { providers: () => ({ local: createLocalProvider({ pool, slowMs: 200 }) }) });
  const textToImage = toolByKey('text-to-image');
  const music = toolByKey('musicgen');

  it('TOOL-44: [busy] answers 504 at once, sync or async, charges nothing and says so (charged: false)', async () => {
    const u = await t.user({ credits: 100 });
    const sync = await t.request('/api/generate/image', {
      token: u.token,
      body: { modelId: textToImage.id, input: { prompt: 'a fox [busy]', width: 64, height: 64 } },
    });
    expect(sync.status).toBe(504);
    const refused = await json<{ message: string; charged?: boolean }>(sync);
    expect(refused.message).toMatch(/busy/);
    expect(refused.charged).toBe(false);
    const async = await t.request('/api/generate/music', {
      token: u.token,
      body: { modelId: music.id, input: { prompt: 'jazz [busy]', duration: 1 } },
    });
    expect(async.status).toBe(504);
    expect((await json<{ charged?: boolean }>(async)).charged).toBe(false);
    expect(await balance(t, u.id)).toBe(100);
  });

  it('[fail] fails the run with its message and refunds', async () => {
    const u = await t.user({ credits: 100 });
    const res = await t.request('/api/generate/image', {
      token: u.token,
      body: { modelId: textToImage.id, input: { prompt: 'a fox [fail]', width: 64, height: 64 } },
    });
    expect(res.status).toBe(502);
    expect((await json<{ message: string }>(res)).message).toMatch(/\[fail\]/);
    expect(await balance(t, u.id)).toBe(100);
  });

  it('[slow] takes LOCAL_SLOW_MS, then succeeds with a real picture', async () => {
    const u = await t.user({ credits: 100 });
    const started = Date.now();
    const res = await t.request('/api/generate/image', {
      token: u.token,
      body: { modelId: textToImage.id, input: { prompt: 'a fox [slow]', width: 64, height: 64 } },
    });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await balance(t, u.id)).toBe(100 - textToImage.cost);
  });
});
