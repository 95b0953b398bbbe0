import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends, balance, fakeProvider, json, pollPrediction, setupApp } from './helpers';
import { toolByKey } from '../../src/catalog';
import { predictions } from '../../server/db/schema';
import { grantCredits } from '../../server/services/credits';

const textTool = toolByKey('text-to-text');
const textToImage = toolByKey('text-to-image');

for (const backend of backends) {
  describe(`idempotency keys (${backend})`, () => {
    let behaviour: Parameters<typeof fakeProvider>[0] = 'succeed';
    const t = setupApp(backend, {
      providers: () => ({ local: { name: 'local', run: (job, signal) => fakeProvider(behaviour).run(job, signal) } }),
    });
    const start = (token: string, key: string | undefined, prompt = 'hello', path = '/api/generate/text') =>
      t.request(path, {
        token,
        body: { modelId: path === '/api/generate/image' ? textToImage.id : textTool.id, input: { prompt } },
        ...(key === undefined ? {} : { headers: { 'Idempotency-Key': key } }),
      });
    const rows = (userId: string) => t.runtime.deps.db.select().from(predictions).where(eq(predictions.userId, userId));
    const poll = (token: string, id: string) => pollPrediction(t, token, id);

    it('three sequential attempts with one key charge once and answer the same run', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 100 });
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const res = await start(u.token, 'key-sequential-1');
        expect(res.status).toBe(201);
        answers.push(await json<{ id: string; credits: number }>(res));
      }
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(answers.every((a) => a.credits === 100 - textTool.cost)).toBe(true);
      expect(await balance(t, u.id)).toBe(100 - textTool.cost);
      expect(await rows(u.id)).toHaveLength(1);
      expect((await poll(u.token, answers[0]!.id)).status).toBe('succeeded');
    });

    it('three parallel attempts with one key charge once and answer the same run', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 100 });
      const responses = await Promise.all([1, 2, 3].map(() => start(u.token, 'key-parallel-1')));
      expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
      const answers = await Promise.all(responses.map((r) => json<{ id: string; credits: number }>(r)));
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(answers.every((a) => a.credits === 100 - textTool.cost)).toBe(true);
      expect(await balance(t, u.id)).toBe(100 - textTool.cost);
      expect(await rows(u.id)).toHaveLength(1);
    });

    it('different keys (and no key) charge each time', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 100 });
      const a = await json<{ id: string }>(await start(u.token, 'key-one-aaaa'));
      const b = await json<{ id: string }>(await start(u.token, 'key-two-bbbb'));
      const c = await json<{ id: string }>(await start(u.token, undefined));
      const d = await json<{ id: string }>(await start(u.token, undefined));
      expect(new Set([a.id, b.id, c.id, d.id]).size).toBe(4);
      expect(await balance(t, u.id)).toBe(100 - 4 * textTool.cost);
    });

    it('a key is per user', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 100 });
      const v = await t.user({ credits: 100 });
      const a = await json<{ id: string }>(await start(u.token, 'shared-key-1'));
      const b = await json<{ id: string }>(await start(v.token, 'shared-key-1'));
      expect(a.id).not.toBe(b.id);
      expect(await balance(t, u.id)).toBe(100 - textTool.cost);
      expect(await balance(t, v.id)).toBe(100 - textTool.cost);
    });

    it('a key reused with a different body answers 422 and charges nothing more', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 100 });
      expect((await start(u.token, 'key-reused-1', 'first')).status).toBe(201);
      const res = await start(u.token, 'key-reused-1', 'second');
      expect(res.status).toBe(422);
      expect((await json(res))['message']).toBe('This idempotency key was used for a different request');
      expect(await balance(t, u.id)).toBe(100 - textTool.cost);
    });

    it('rejects malformed keys with 400 and starts nothing', async () => {
      const u = await t.user({ credits: 100 });
      for (const key of ['short', 'x'.repeat(129), 'has space in it', 'semi;colon-key']) {
        const res = await start(u.token, key);
        expect(res.status, key).toBe(400);
        expect(String((await json(res))['message'])).toMatch(/Idempotency-Key/);
      }
      expect(await balance(t, u.id)).toBe(100);
    });

    it('402 leaves the key free: the same key works once credits are there', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 0 });
      expect((await start(u.token, 'key-after-402')).status).toBe(402);
      expect(await rows(u.id)).toHaveLength(0);
      await grantCredits(t.runtime.deps.db, u.id, 50, 'pack', `top-up:${u.id}`);
      const res = await start(u.token, 'key-after-402');
      expect(res.status).toBe(201);
      expect(await balance(t, u.id)).toBe(50 - textTool.cost);
    });

    it('synchronous image: repeats wait for the same run and answer its output, charged once', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 100 });
      const first = await Promise.all(
        [1, 2, 3].map(() => start(u.token, 'key-image-1', 'a fox', '/api/generate/image')),
      );
      const again = await start(u.token, 'key-image-1', 'a fox', '/api/generate/image');
      const bodies = await Promise.all([...first, again].map((r) => json<{ output: string; credits: number }>(r)));
      expect([...first, again].map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(bodies.map((b) => b.output)).size).toBe(1);
      expect(bodies.every((b) => b.credits === 100 - textToImage.cost)).toBe(true);
      expect(await balance(t, u.id)).toBe(100 - textToImage.cost);
      expect(await rows(u.id)).toHaveLength(1);
    });

    it('synchronous image: a repeat of a failed run answers its error, refunded once', async () => {
      behaviour = 'fail';
      const u = await t.user({ credits: 100 });
      const a = await start(u.token, 'key-image-fail', 'a fox', '/api/generate/image');
      const b = await start(u.token, 'key-image-fail', 'a fox', '/api/generate/image');
      expect([a.status, b.status]).toEqual([502, 502]);
      expect((await json(b))['message']).toBe('The model rejected this prompt');
      expect(await balance(t, u.id)).toBe(100);
      expect(await rows(u.id)).toHaveLength(1);
    });
  });
}

describe('OpenAPI', () => {
  const t = setupApp('pglite');
  it('documents the Idempotency-Key header on every generation start and the upload limits', async () => {
    const doc = await json<{
      paths: Record<string, { post?: { parameters?: { name: string; in: string }[]; description?: string } }>;
    }>(await t.request('/api/openapi.json'));
    const starts = Object.keys(doc.paths).filter((p) => p.startsWith('/api/generate'));
    expect(starts.length).toBeGreaterThan(3);
    for (const path of starts)
      expect(doc.paths[path]!.post!.parameters, path).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
      );
    expect(doc.paths['/api/upload']!.post!.description).toMatch(/15 MB/);
  });
});
