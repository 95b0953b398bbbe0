import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  backends,
  balance,
  fakeProvider,
  json,
  pngDataUrl,
  pollPrediction,
  restarts,
  setupApp,
  type Prediction,
  tinyPng,
} from './helpers';
import { toolByKey } from '../../src/catalog';
import { ledgerSum } from '../../server/services/credits';
import { creditLedger, predictions } from '../../server/db/schema';
import { timedOutMessage } from '../../server/services/generation';

const textToImage = toolByKey('text-to-image');
const textTool = toolByKey('text-to-text');
const restore = toolByKey('restore-image');
const person = toolByKey('person-to-person');

for (const backend of backends) {
  describe(`generation (${backend})`, () => {
    let behaviour: Parameters<typeof fakeProvider>[0] = 'succeed';
    beforeEach(() => {
      behaviour = 'succeed';
    });
    const t = setupApp(backend, {
      providers: () => ({ local: { name: 'local', run: (job, signal) => fakeProvider(behaviour).run(job, signal) } }),
    });
    const upload = async (token: string, image = pngDataUrl) => t.request('/api/upload', { token, body: { image } });
    const poll = (token: string, id: string) => pollPrediction(t, token, id);
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await sleep(10);
      expect(check()).toBe(true);
    };
    /** Starts a Text run for `token` and waits until this process is working it; its id. */
    const workingTextRun = async (token: string) => {
      const { id } = await json<{ id: string }>(
        await t.request('/api/generate/text', { token, body: { modelId: textTool.id, input: { prompt: 'x' } } }),
      );
      await until(() => t.runtime.deps.runs.endOf(id) !== undefined);
      return id;
    };

    it('text-to-image: prices from the catalogue, returns a stored PNG and the new balance', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 100 });
      const res = await t.request('/api/generate/image', {
        token: u.token,
        body: {
          provider: 'replicate',
          modelId: textToImage.id,
          cost: 0,
          modelCost: 0,
          input: { prompt: '  a fox  ', width: 1365, height: 10 },
        },
      });
      expect(res.status).toBe(200);
      const body = await json<{ output: string; credits: number }>(res);
      expect(body.credits).toBe(100 - textToImage.cost);
      expect(body.output).toMatch(/^\/files\/outputs\/[a-f0-9]{32}\.png\?exp=\d+&sig=[\w-]{43}$/);
      const file = await t.request(body.output);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer()).equals(tinyPng)).toBe(true);
    });

    it('validates prompts, images, models and endpoints', async () => {
      const u = await t.user({ credits: 100 });
      const cases: [string, unknown, string][] = [
        ['/api/generate/image', { modelId: textToImage.id, input: { prompt: '   ' } }, 'Please enter a prompt'],
        [
          '/api/generate/image',
          { modelId: toolByKey('image-to-image').id, input: { prompt: 'x' } },
          'Please upload an image',
        ],
        ['/api/generate/restore', { modelId: restore.id, input: {} }, 'Please upload an image first'],
        ['/api/generate/person', { modelId: person.id, input: { prompt: 'x' } }, 'Please upload a main image'],
        ['/api/generate/text', { modelId: textTool.id, input: {} }, 'Please enter a prompt'],
        ['/api/generate/text', { modelId: 'evil/model', input: { prompt: 'x' } }, 'Unknown model'],
        [
          '/api/generate/video',
          { modelId: textTool.id, input: { prompt: 'x' } },
          'This model cannot be run from this endpoint',
        ],
        [
          '/api/generate/restore',
          { modelId: restore.id, input: { image: 'https://elsewhere.example/a.png' } },
          'Images must be uploaded to Atelier first. Please upload the image again.',
        ],
      ];
      for (const [path, body, message] of cases) {
        const res = await t.request(path, { token: u.token, body });
        expect(res.status, path).toBe(400);
        expect((await json(res))['message']).toBe(message);
      }
      expect(await balance(t, u.id)).toBe(100);
      expect(
        (await t.request('/api/generate/text', { body: { modelId: textTool.id, input: { prompt: 'x' } } })).status,
      ).toBe(401);
    });

    it('answers 402 without enough credits and starts nothing', async () => {
      const u = await t.user({ credits: textToImage.cost - 1 });
      const res = await t.request('/api/generate/image', {
        token: u.token,
        body: { modelId: textToImage.id, input: { prompt: 'fox' } },
      });
      expect(res.status).toBe(402);
      expect(await json(res)).toEqual({ message: 'Not enough credits. Please add credits or upgrade your plan.' });
      expect(await t.runtime.deps.db.select().from(predictions)).toHaveLength(0);
    });

    it('per-tool endpoints start predictions polled by id; text outputs are strings; only the owner reads them', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 100 });
      const start = await t.request('/api/generate/text', {
        token: u.token,
        body: { modelId: textTool.id, input: { prompt: 'hello' } },
      });
      expect(start.status).toBe(201);
      const { id, credits } = await json<{ id: string; credits: number }>(start);
      expect(credits).toBe(100 - textTool.cost);
      const done = await poll(u.token, id);
      expect(done).toEqual({ id, status: 'succeeded', output: 'echo: hello', error: null, model: 'fake model' });
      const other = await t.user();
      const peek = await t.request(`/api/prediction/${id}`, { token: other.token });
      expect(peek.status).toBe(404);
      expect((await t.request('/api/prediction/nope', { token: u.token })).status).toBe(404);
    });

    it('uploads then runs an image tool with the uploaded image (person, restore, generic /api/generate)', async () => {
      behaviour = 'succeed';
      const u = await t.user({ credits: 100 });
      const up = await upload(u.token);
      expect(up.status).toBe(201);
      const { url } = await json<{ url: string }>(up);
      expect(url).toMatch(/^\/files\/uploads\/[a-f0-9]{32}\.png\?exp=\d+&sig=[\w-]{43}$/);
      const served = await t.request(url);
      expect(served.headers.get('content-type')).toBe('image/png');
      const res = await t.request('/api/generate', {
        token: u.token,
        body: { modelId: person.id, modelCost: 0, input: { image: url, pose_image: `http://localhost:3000${url}` } },
      });
      expect(res.status).toBe(201);
      const { id } = await json<{ id: string }>(res);
      expect((await poll(u.token, id)).status).toBe('succeeded');
      // Someone else's upload cannot be used.
      const other = await t.user({ credits: 100 });
      const stolen = await t.request('/api/generate/restore', {
        token: other.token,
        body: { modelId: restore.id, input: { image: url } },
      });
      expect(stolen.status).toBe(400);
    });

    it('upload accepts only real image bytes within 15 MB and rejects HEIC with the spec text', async () => {
      const u = await t.user();
      const fake = await upload(
        u.token,
        `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`,
      );
      expect(fake.status).toBe(400);
      const heicBytes = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(16)]);
      const heic = await upload(u.token, `data:image/heic;base64,${heicBytes.toString('base64')}`);
      expect(await json(heic)).toEqual({
        message: 'This image format is not supported. Please take a new photo or choose a JPG/PNG image.',
      });
      const big = Buffer.concat([tinyPng, Buffer.alloc(15 * 1024 * 1024)]);
      const tooBig = await upload(u.token, `data:image/png;base64,${big.toString('base64')}`);
      expect(tooBig.status).toBe(413);
      expect(await json(tooBig)).toEqual({ message: 'Image is too large. Please choose a smaller image.' });
      const notData = await upload(u.token, 'https://example.com/a.png');
      expect(notData.status).toBe(400);
      // A JPEG header over garbage is not an image: the bytes are decoded, not sniffed.
      const fakeJpeg = await upload(
        u.token,
        `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString('base64')}`,
      );
      expect(fakeJpeg.status).toBe(400);
      const png = await upload(u.token, pngDataUrl);
      expect(png.status).toBe(201);
      expect((await t.request((await json<{ url: string }>(png)).url)).headers.get('content-type')).toBe('image/png');
    });

    it('a failing provider refunds the reservation', async () => {
      behaviour = 'fail';
      const u = await t.user({ credits: 100 });
      const sync = await t.request('/api/generate/image', {
        token: u.token,
        body: { modelId: textToImage.id, input: { prompt: 'fox' } },
      });
      expect(sync.status).toBe(502);
      expect(await json(sync)).toEqual({ message: 'The model rejected this prompt' });
      const { id } = await json<{ id: string }>(
        await t.request('/api/generate/text', {
          token: u.token,
          body: { modelId: textTool.id, input: { prompt: 'x' } },
        }),
      );
      expect(await poll(u.token, id)).toMatchObject({
        status: 'failed',
        error: 'The model rejected this prompt',
        output: null,
      });
      behaviour = 'cancel';
      const c = await json<{ id: string }>(
        await t.request('/api/generate/text', {
          token: u.token,
          body: { modelId: textTool.id, input: { prompt: 'x' } },
        }),
      );
      expect((await poll(u.token, c.id)).status).toBe('canceled');
      behaviour = 'crash';
      const crash = await json<{ id: string }>(
        await t.request('/api/generate/text', {
          token: u.token,
          body: { modelId: textTool.id, input: { prompt: 'x' } },
        }),
      );
      expect(await poll(u.token, crash.id)).toMatchObject({ status: 'failed', error: 'Generation failed' });
      expect(await balance(t, u.id)).toBe(100);
      expect(await ledgerSum(t.runtime.deps.db, u.id)).toBe(100);
    });

    it(
      'a run past its deadline when its job is taken again is ended once (cancelled at its provider) and refunded',
      restarts,
      async () => {
        behaviour = 'hang';
        const u = await t.user({ credits: 100 });
        const { id } = await json<{ id: string }>(
          await t.request('/api/generate/text', {
            token: u.token,
            body: { modelId: textTool.id, input: { prompt: 'x' } },
          }),
        );
        expect(await balance(t, u.id)).toBe(100 - textTool.cost);
        // The run is handed to its provider in the background: the sweeper's subject is a run that is processing.
        for (;;) {
          const p = await json<Prediction>(await t.request(`/api/prediction/${id}`, { token: u.token }));
          if (p.status === 'processing') break;
          expect(p.status).toBe('starting');
          await new Promise((r) => setImmediate(r));
        }
        // The process stops with the run going and comes back after its deadline: the job handed back is taken
        // again, which ends the run (cancelled at its provider), refunded once.
        t.now = new Date(t.now.getTime() + t.config.generationTimeoutMs + 1);
        await t.restart();
        expect(await poll(u.token, id)).toMatchObject({ status: 'failed', error: timedOutMessage });
        expect(await balance(t, u.id)).toBe(100);
        expect(await ledgerSum(t.runtime.deps.db, u.id)).toBe(100);
        const refunds = await t.runtime.deps.db
          .select()
          .from(creditLedger)
          .where(and(eq(creditLedger.userId, u.id), eq(creditLedger.reason, 'refund')));
        expect(refunds).toHaveLength(1);
      },
    );

    it(
      'RUNS-19: a process stops even when its provider ignores the abort; the run stays processing, to be taken again',
      restarts,
      async () => {
        behaviour = 'deaf';
        const u = await t.user({ credits: 100 });
        const id = await workingTextRun(u.token);
        await t.runtime.close();
        const [row] = await t.runtime.deps.db.select().from(predictions).where(eq(predictions.id, id));
        expect(row?.status).toBe('processing');
        expect(await balance(t, u.id)).toBe(100 - textTool.cost);
      },
    );

    it(
      'RUNS-19: a run survives a restart of its process: its job is handed back, the next process works it, charged once',
      restarts,
      async () => {
        behaviour = 'hang';
        const u = await t.user({ credits: 100 });
        const id = await workingTextRun(u.token);
        behaviour = 'succeed';
        await t.restart();
        expect(await poll(u.token, id)).toMatchObject({ status: 'succeeded', output: 'echo: x' });
        expect(await balance(t, u.id)).toBe(100 - textTool.cost);
        const [row] = await t.runtime.deps.db.select().from(predictions).where(eq(predictions.id, id));
        expect(row?.status).toBe('succeeded');
      },
    );
  });
}
