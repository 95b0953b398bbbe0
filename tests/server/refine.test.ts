/**
 * Upscale 2× and Vary (REFINE-1 to REFINE-6) with the real offline provider: a Text to Image result upscaled is
 * twice its width and height, charged as Restore Image; varied (strong) it is a different picture of the same
 * size, charged as Image to Image; both linked to their source. Too few credits: 402 before anything is charged.
 * Another account: 404, nothing charged. Not a finished image, or too large to upscale: 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createProviders } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { startFakeReplicate, type FakeReplicate } from './fakes/replicate';
import { createLocalProvider } from '../../server/providers/local';
import { notAnImageMessage, tooLargeToUpscaleMessage } from '../../server/services/generation/refine';
import { toolByKey } from '../../src/catalog';
import { backends, balance, json, pollPrediction, setupApp, sharedTestPool } from './helpers';
import { seedRun } from './history-fixtures';

type Started = { id: string; credits: number };
type Detail = { id: string; output: string; source: { id: string; label: string } | null; cost: number };
type History = { entries: { delta: number; predictionId?: string; tool?: string; kind: string }[] };

const textToImage = toolByKey('text-to-image');
const restore = toolByKey('restore-image');
const imageToImage = toolByKey('image-to-image');

for (const backend of backends) {
  describe(`upscale and vary (${backend})`, () => {
    const t = setupApp(backend, { providers: () => ({ local: createLocalProvider({ pool: sharedTestPool() }) }) });

    /** A finished Text to Image creation of 256×192 made through the synchronous call (its answer names the run). */
    const picture = async (token: string) => {
      const res = await t.request('/api/generate/image', {
        token,
        body: {
          modelId: textToImage.id,
          input: { ...textToImage.defaultParams, prompt: 'a red lighthouse', width: 256, height: 192 },
        },
      });
      expect(res.status).toBe(200);
      const answer = await json<{ id: string; output: string }>(res);
      // REFINE-6: the synchronous answer carries the run's id.
      expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
      return answer.id;
    };
    const detail = async (token: string, id: string) =>
      json<Detail>(await t.request(`/api/creations/${id}`, { token }));
    const bytesOf = async (token: string, url: string) =>
      Buffer.from(await (await t.request(url.replace(/^https?:\/\/[^/]+/, ''), { token })).arrayBuffer());
    const finished = async (token: string, res: Response) => {
      expect(res.status).toBe(201);
      const { id } = await json<Started>(res);
      expect((await pollPrediction(t, token, id)).status).toBe('succeeded');
      return detail(token, id);
    };

    it('REFINE-1, REFINE-2, REFINE-5, REFINE-6: Upscale 2× doubles width and height, charged as Restore Image, linked to its source', async () => {
      const u = await t.user({ credits: 500 });
      const source = await picture(u.token);
      const before = await balance(t, u.id);
      const made = await finished(
        u.token,
        await t.request(`/api/creations/${source}/upscale`, { token: u.token, method: 'POST' }),
      );
      expect(await sharp(await bytesOf(u.token, made.output)).metadata()).toMatchObject({ width: 512, height: 384 });
      expect(made.cost).toBe(restore.cost);
      expect(await balance(t, u.id)).toBe(before - restore.cost);
      expect(made.source).toEqual({ id: source, label: 'a red lighthouse' });
      const history = await json<History>(await t.request('/api/users/credits/history', { token: u.token }));
      expect(history.entries.find((e) => e.predictionId === made.id)).toMatchObject({
        kind: 'spend',
        delta: -restore.cost,
        tool: 'Restore Image',
      });
      // A run from a tool's own form has no source; once its source is deleted, a refined run has none either.
      expect((await detail(u.token, source)).source).toBeNull();
      expect((await t.request(`/api/creations/${source}`, { token: u.token, method: 'DELETE' })).status).toBe(200);
      expect((await detail(u.token, made.id)).source).toBeNull();
    });

    it('REFINE-1, REFINE-3: Vary (strong) makes a different picture of the same size, charged as Image to Image', async () => {
      const u = await t.user({ credits: 500 });
      const source = await picture(u.token);
      const before = await balance(t, u.id);
      const made = await finished(
        u.token,
        await t.request(`/api/creations/${source}/vary`, { token: u.token, body: { strength: 'strong' } }),
      );
      const original = await bytesOf(u.token, (await detail(u.token, source)).output);
      const varied = await bytesOf(u.token, made.output);
      expect(await sharp(varied).metadata()).toMatchObject({ width: 256, height: 192 });
      expect(varied.equals(original)).toBe(false);
      expect(await balance(t, u.id)).toBe(before - imageToImage.cost);
      expect(made.source?.id).toBe(source);
      const history = await json<History>(await t.request('/api/users/credits/history', { token: u.token }));
      expect(history.entries.find((e) => e.predictionId === made.id)).toMatchObject({
        delta: -imageToImage.cost,
        tool: 'Image to Image',
      });
      const input = (
        await json<{ input: Record<string, unknown> }>(await t.request(`/api/creations/${made.id}`, { token: u.token }))
      ).input;
      expect(input).toMatchObject({ prompt: 'a red lighthouse', prompt_strength: 0.75 });
      expect(typeof input['seed']).toBe('number');
      // REFINE-3: an unknown strength is refused before anything else.
      const bad = await t.request(`/api/creations/${source}/vary`, { token: u.token, body: { strength: 'wild' } });
      expect(bad.status).toBe(400);
    });

    it('REFINE-2: with too few credits each is refused (402) before anything is charged', async () => {
      const u = await t.user({ credits: textToImage.cost + Math.min(restore.cost, imageToImage.cost) - 1 });
      const source = await picture(u.token);
      const left = await balance(t, u.id);
      const up = await t.request(`/api/creations/${source}/upscale`, { token: u.token, method: 'POST' });
      expect(up.status).toBe(402);
      expect((await json<{ message: string }>(up)).message).toMatch(/credits/i);
      const vary = await t.request(`/api/creations/${source}/vary`, { token: u.token, body: { strength: 'subtle' } });
      expect(vary.status).toBe(402);
      expect(await balance(t, u.id)).toBe(left);
      const list = await json<{ items: unknown[] }>(await t.request('/api/creations', { token: u.token }));
      expect(list.items).toHaveLength(1);
    });

    it("REFINE-4: another account's creation answers 404 and charges nothing; a missing one too", async () => {
      const owner = await t.user({ credits: 10 });
      const other = await t.user({ credits: 100 });
      const run = await seedRun(t, owner.id, 'text-to-image', { prompt: 'mine' });
      for (const res of [
        await t.request(`/api/creations/${run.id}/upscale`, { token: other.token, method: 'POST' }),
        await t.request(`/api/creations/${run.id}/vary`, { token: other.token, body: { strength: 'strong' } }),
        await t.request('/api/creations/missing-id/upscale', { token: other.token, method: 'POST' }),
      ])
        expect(res.status).toBe(404);
      expect(await balance(t, other.id)).toBe(100);
      expect(
        (await t.request('/api/creations', { token: other.token }).then(json<{ items: unknown[] }>)).items,
      ).toEqual([]);
    });

    it('REFINE-4: a creation that is not a finished image, or too large to upscale, answers 409 and charges nothing', async () => {
      const u = await t.user({ credits: 100 });
      const text = await seedRun(t, u.id, 'text-to-text', { prompt: 'a haiku' });
      const failed = await seedRun(t, u.id, 'text-to-image', { prompt: 'nothing', status: 'failed' });
      for (const id of [text.id, failed.id]) {
        const res = await t.request(`/api/creations/${id}/upscale`, { token: u.token, method: 'POST' });
        expect(res.status).toBe(409);
        expect((await json<{ message: string }>(res)).message).toBe(notAnImageMessage);
      }
      const wide = await sharp({ create: { width: 1200, height: 64, channels: 3, background: '#345' } })
        .png()
        .toBuffer();
      const large = await seedRun(t, u.id, 'text-to-image', {
        prompt: 'wide',
        file: { bytes: wide, contentType: 'image/png', ext: 'png' },
      });
      const res = await t.request(`/api/creations/${large.id}/upscale`, { token: u.token, method: 'POST' });
      expect(res.status).toBe(409);
      expect((await json<{ message: string }>(res)).message).toBe(tooLargeToUpscaleMessage);
      expect(await balance(t, u.id)).toBe(100);
    });
  });
}

describe('upscale and vary with Replicate (the contract fake: inputs held to the pinned schemas)', () => {
  let replicate: FakeReplicate;
  beforeAll(async () => {
    replicate = await startFakeReplicate();
  });
  afterAll(() => replicate.close());
  const env = {
    REPLICATE_API_TOKEN: 'r8_fake_token',
    REPLICATE_BASE_URL: 'http://127.0.0.1:1',
    REPLICATE_POLL_INTERVAL_MS: '20',
  };
  const t = setupApp('pglite', {
    providers: () =>
      createProviders(
        loadConfig({ ...env, REPLICATE_BASE_URL: replicate.baseUrl, DATA_DIR: '/tmp/atelier-unused' }),
        sharedTestPool(),
      ),
  });
  const creates = () => replicate.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));

  it("REFINE-1: Upscale runs Restore Image's pinned model at scale 2, Vary Image to Image's with the strength", async () => {
    replicate.requests.length = 0;
    const u = await t.user({ credits: 500 });
    const source = await seedRun(t, u.id, 'text-to-image', { prompt: 'a red lighthouse' });
    const up = await t.request(`/api/creations/${source.id}/upscale`, { token: u.token, method: 'POST' });
    expect(up.status).toBe(201);
    expect((await pollPrediction(t, u.token, (await json<Started>(up)).id)).status).toBe('succeeded');
    const vary = await t.request(`/api/creations/${source.id}/vary`, { token: u.token, body: { strength: 'subtle' } });
    expect(vary.status).toBe(201);
    expect((await pollPrediction(t, u.token, (await json<Started>(vary)).id)).status).toBe('succeeded');
    expect(replicate.problems()).toEqual([]);
    const [upscale, varied] = creates();
    const restoreModel = restore.replicate as { version: string };
    expect(upscale?.body).toMatchObject({ version: restoreModel.version, input: { scale: 2 } });
    expect(varied?.path).toBe(`/v1/models/${imageToImage.id}/predictions`);
    expect(varied?.body).toMatchObject({ input: { prompt: 'a red lighthouse', prompt_strength: 0.35 } });
  });
});
