/**
 * Several runs of one account: the MAX_CONCURRENT_RUNS places (a start past them refused before anything
 * is charged, even sent all at once), a batch of prompts (every run reserved or none, the runs past the
 * free places queued and started in order), the tray's list, cancel, and the seed of the image tools.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { toolByKey } from '../../src/catalog';
import { creditLedger, predictions } from '../../server/db/schema';
import type { GenerationJob, GenerationProvider } from '../../server/providers/types';
import { createLocalProvider } from '../../server/providers/local';
import { createApp } from '../../server/app';
import { createRuntime } from '../../server/bootstrap';
import { contractProvider } from './contract-fixtures';
import {
  backends,
  balance,
  json,
  pngDataUrl,
  pollPrediction,
  setupApp,
  sharedTestPool,
  tinyPng,
  type Prediction,
} from './helpers';

const music = toolByKey('musicgen');
const textTool = toolByKey('text-to-text');
const textToImage = toolByKey('text-to-image');

interface RunItem {
  id: string;
  toolKey: string;
  prompt: string | null;
  status: string;
  position: number | null;
  cost: number;
  refunded: number;
  error: string | null;
  output: string | string[] | null;
}

/** A provider whose runs wait until the test lets them end ('[hang]' and the rest as contractProvider). */
function gatedProvider() {
  const started: string[] = [];
  /** The files each run reached the provider with, by prompt. */
  const files = new Map<string, GenerationJob['images']>();
  const gates = new Map<string, () => void>();
  const provider: GenerationProvider = {
    name: 'local',
    admit: (job) => contractProvider.admit?.(job),
    run: async (job, signal) => {
      const prompt = String(job.input['prompt']);
      started.push(prompt);
      files.set(prompt, job.images);
      if (prompt.includes('[gate]')) {
        await new Promise<void>((resolve, reject) => {
          gates.set(prompt, resolve);
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        });
      }
      return contractProvider.run(job, signal);
    },
  };
  const release = (prompt: string) => gates.get(prompt)?.();
  return { provider, started, files, release };
}

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await sleep(5);
  }
  throw new Error(`timed out waiting for ${what}`);
};

for (const backend of backends) {
  describe(`runs of one account (${backend})`, () => {
    let gated = gatedProvider();
    const t = setupApp(backend, {
      providers: () => ({ local: { name: 'local', run: (job, signal) => gated.provider.run(job, signal) } }),
    });
    const ledger = (userId: string, reason: 'spend' | 'refund') =>
      t.runtime.deps.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, reason)));
    const runsOf = async (token: string) =>
      (await json<{ runs: RunItem[] }>(await t.request('/api/runs', { token }))).runs;
    const start = (token: string, prompt: string) =>
      t.request('/api/generate/text', { token, body: { modelId: textTool.id, input: { prompt } } });

    it('RUNS-1: eight starts sent at once: exactly four work, the others are refused before anything is charged', async () => {
      gated = gatedProvider();
      const u = await t.user({ credits: 500 });
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => start(u.token, `run ${i} [hang]`)));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
      for (const refused of answers.filter((r) => r.status === 429))
        expect(await json(refused)).toEqual({
          message: 'You already have 4 runs in progress. Wait for one to finish, then try again.',
        });
      expect(await ledger(u.id, 'spend')).toHaveLength(4);
      expect(await t.runtime.deps.db.select().from(predictions).where(eq(predictions.userId, u.id))).toHaveLength(4);
      expect(await balance(t, u.id)).toBe(500 - 4 * textTool.cost);
      // The image tools' waiting call is refused the same way.
      const image = await t.request('/api/generate/image', {
        token: u.token,
        body: { modelId: textToImage.id, input: { prompt: 'one more' } },
      });
      expect(image.status).toBe(429);
    });

    it('RUNS-2, RUNS-4: a batch of six with four places: four run, two wait in order and then run, each charged once', async () => {
      gated = gatedProvider();
      const u = await t.user({ credits: 100 });
      const prompts = ['one [gate]', 'two [gate]', 'three [gate]', 'four [gate]', 'five', 'six'];
      const res = await t.request('/api/generate/batch', {
        token: u.token,
        body: { modelId: music.id, prompts, input: { duration: 5 } },
      });
      expect(res.status).toBe(201);
      const answer = await json<{ runs: { id: string; status: string; position?: number }[]; credits: number }>(res);
      expect(answer.credits).toBe(100 - 6 * music.cost);
      expect(answer.runs.map((r) => [r.status, r.position])).toEqual([
        ['processing', undefined],
        ['processing', undefined],
        ['processing', undefined],
        ['processing', undefined],
        ['queued', 1],
        ['queued', 2],
      ]);
      await until(() => gated.started.length === 4, 'four runs at the provider');
      // A queued run's own poll says where it waits, as the list does.
      for (const [i, place] of [
        [4, 1],
        [5, 2],
      ] as const)
        expect(
          await json<Prediction>(await t.request(`/api/prediction/${answer.runs[i]!.id}`, { token: u.token })),
        ).toMatchObject({ status: 'queued', position: place });
      const listed = await runsOf(u.token);
      expect(listed.map((r) => [r.prompt, r.status, r.position])).toEqual([
        ['six', 'queued', 2],
        ['five', 'queued', 1],
        ['four [gate]', 'processing', null],
        ['three [gate]', 'processing', null],
        ['two [gate]', 'processing', null],
        ['one [gate]', 'processing', null],
      ]);
      // A single start finds no place either.
      expect((await start(u.token, 'another')).status).toBe(429);

      gated.release('one [gate]');
      await until(() => gated.started.includes('five'), 'the fifth run to start');
      expect(gated.started.slice(0, 5).sort()).toEqual([...prompts.slice(0, 5)].sort());
      expect(gated.started).not.toContain('six');
      for (const p of prompts.slice(1, 4)) gated.release(p);
      for (const run of answer.runs) expect((await pollUntilDone(u.token, run.id)).status).toBe('succeeded');
      expect(gated.started.at(-1)).toBe('six');

      const spends = await ledger(u.id, 'spend');
      expect(spends.map((row) => row.reference).sort()).toEqual(answer.runs.map((r) => `prediction:${r.id}`).sort());
      expect(await balance(t, u.id)).toBe(100 - 6 * music.cost);
    });

    it('a run that waited in the queue reaches its provider with its picture’s bytes, as one started at once does', async () => {
      gated = gatedProvider();
      const u = await t.user({ credits: 100 });
      const { url } = await json<{ url: string }>(
        await t.request('/api/upload', { token: u.token, body: { image: pngDataUrl } }),
      );
      const prompts = ['a [gate]', 'b [gate]', 'c [gate]', 'd [gate]', 'with a picture'];
      const res = await t.request('/api/generate/batch', { token: u.token, body: { modelId: music.id, prompts } });
      const { runs } = await json<{ runs: { id: string; status: string }[] }>(res);
      expect(runs[4]!.status).toBe('queued');
      // The queued run as an image tool's run is stored: its picture by its stored path, no bytes.
      const picture = url.replace(/\?.*$/s, '');
      await t.runtime.deps.db
        .update(predictions)
        .set({ toolKey: 'image-to-image', input: { prompt: 'with a picture', image: picture } })
        .where(eq(predictions.id, runs[4]!.id));
      await until(() => gated.started.length === 4, 'four runs at the provider');
      gated.release('a [gate]');
      await until(() => gated.started.includes('with a picture'), 'the queued run to start');
      const image = gated.files.get('with a picture')?.['image'];
      expect(image?.contentType).toBe('image/png');
      expect(Buffer.from(image!.bytes).equals(tinyPng)).toBe(true);
      for (const p of prompts.slice(1, 4)) gated.release(p);
      for (const run of runs) await pollUntilDone(u.token, run.id);
    });

    it('RUNS-2: a batch the balance cannot pay starts nothing and says what is missing', async () => {
      gated = gatedProvider();
      const u = await t.user({ credits: 5 * music.cost });
      const res = await t.request('/api/generate/batch', {
        token: u.token,
        body: { modelId: music.id, prompts: ['a', 'b', 'c', 'd', 'e', 'f'] },
      });
      expect(res.status).toBe(402);
      const cost = 6 * music.cost;
      const have = 5 * music.cost;
      expect(await json(res)).toEqual({
        message: `This batch costs ${cost} credits and you have ${have}. Add ${cost - have} credits or remove prompts.`,
      });
      expect(await ledger(u.id, 'spend')).toHaveLength(0);
      expect(await t.runtime.deps.db.select().from(predictions).where(eq(predictions.userId, u.id))).toHaveLength(0);
    });

    it('RUNS-2: a batch repeated with its Idempotency-Key answers the same runs, charged once', async () => {
      gated = gatedProvider();
      const u = await t.user({ credits: 100 });
      const send = () =>
        t.request('/api/generate/batch', {
          token: u.token,
          headers: { 'Idempotency-Key': 'batch-key-1' },
          body: { modelId: music.id, prompts: ['a', 'b'] },
        });
      const [first, again] = await Promise.all([send(), send()]);
      const a = await json<{ runs: { id: string }[]; credits: number }>(first);
      const b = await json<{ runs: { id: string }[]; credits: number }>(again);
      expect(b.runs.map((r) => r.id)).toEqual(a.runs.map((r) => r.id));
      expect(b.credits).toBe(a.credits);
      expect(await ledger(u.id, 'spend')).toHaveLength(2);
      for (const run of a.runs) await pollUntilDone(u.token, run.id);
    });

    it('a batch checks its tool and every prompt before reserving anything', async () => {
      const u = await t.user({ credits: 100 });
      const batch = (body: unknown) => t.request('/api/generate/batch', { token: u.token, body });
      expect((await batch({ modelId: textTool.id, prompts: ['a'] })).status).toBe(400);
      expect((await batch({ modelId: music.id, prompts: [] })).status).toBe(400);
      expect((await batch({ modelId: music.id, prompts: Array.from({ length: 11 }, () => 'x') })).status).toBe(400);
      expect(await json(await batch({ modelId: music.id, prompts: ['a', '   '] }))).toEqual({
        message: 'Please enter a prompt',
      });
      expect((await batch({ modelId: music.id, prompts: ['a', 'x'.repeat(4001)] })).status).toBe(400);
      expect(await balance(t, u.id)).toBe(100);
    });

    it('RUNS-3, RUNS-5: cancel: a running and a queued run end canceled with their credits back; finished → 409, another’s → 404', async () => {
      gated = gatedProvider();
      const u = await t.user({ credits: 100 });
      const other = await t.user({ credits: 100 });
      const res = await t.request('/api/generate/batch', {
        token: u.token,
        body: { modelId: music.id, prompts: ['a [gate]', 'b [gate]', 'c [gate]', 'd [gate]', 'e'] },
      });
      const { runs } = await json<{ runs: { id: string }[] }>(res);
      const running = runs[0]!.id;
      const queued = runs[4]!.id;
      const cancel = (token: string, id: string) => t.request(`/api/runs/${id}/cancel`, { method: 'POST', token });

      expect((await cancel(other.token, running)).status).toBe(404);
      expect((await runsOf(other.token)).length).toBe(0);

      const canceledQueued = await cancel(u.token, queued);
      expect(canceledQueued.status).toBe(200);
      expect(await json(canceledQueued)).toMatchObject({ id: queued, status: 'canceled', refunded: music.cost });
      const canceledRunning = await json<RunItem>(await cancel(u.token, running));
      expect(canceledRunning).toMatchObject({ status: 'canceled', refunded: music.cost });
      expect(await pollUntilDone(u.token, running)).toMatchObject({
        status: 'canceled',
        error: 'You canceled this run. Its credits have been returned.',
      });
      expect(await balance(t, u.id)).toBe(100 - 3 * music.cost);
      expect((await cancel(u.token, running)).status).toBe(409);
      // The queued run never started, even though a place freed up.
      await sleep(50);
      expect(gated.started).not.toContain('e');
      const listed = await runsOf(u.token);
      expect(listed.find((r) => r.id === queued)).toMatchObject({ status: 'canceled', refunded: music.cost });
    });

    it('RUNS-1: two instances on one database: eight starts split between them, four work; a freed place is filled by either', async () => {
      gated = gatedProvider();
      const second = await createRuntime(t.config, {
        database: t.runtime.database,
        now: () => t.now,
        log: (line) => t.logs.push(line),
        providers: { local: { name: 'local', run: (job, signal) => gated.provider.run(job, signal) } },
        pool: sharedTestPool(),
      });
      try {
        const other = createApp(second.deps);
        const u = await t.user({ credits: 500 });
        const startAt = (i: number) =>
          i % 2
            ? other.request('/api/generate/text', {
                method: 'POST',
                headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ modelId: textTool.id, input: { prompt: `run ${i} [hang]` } }),
              })
            : start(u.token, `run ${i} [hang]`);
        const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => startAt(i)));
        expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
        expect(await ledger(u.id, 'spend')).toHaveLength(4);

        // A batch waits behind them (its runs hang too, so each place stays taken); a run is canceled through the
        // other instance, and its place is filled at once (in the cancel's transaction), by whichever worker.
        const batch = await t.request('/api/generate/batch', {
          token: u.token,
          body: { modelId: music.id, prompts: ['queued one [hang]', 'queued two [hang]'] },
        });
        const { runs } = await json<{ runs: { id: string; status: string }[] }>(batch);
        expect(runs.map((r) => r.status)).toEqual(['queued', 'queued']);
        const first = await json<{ id: string }>(answers.find((r) => r.status === 201)!);
        const canceled = await other.request(`/api/runs/${first.id}/cancel`, {
          method: 'POST',
          headers: { authorization: `Bearer ${u.token}` },
        });
        expect(canceled.status).toBe(200);
        const [claimed] = await t.runtime.deps.db.select().from(predictions).where(eq(predictions.id, runs[0]!.id));
        expect(claimed?.status).toBe('processing');
        await until(() => gated.started.includes('queued one [hang]'), 'the queued run to start');
        const working = await t.runtime.deps.db
          .select({ id: predictions.id })
          .from(predictions)
          .where(and(eq(predictions.userId, u.id), eq(predictions.status, 'processing')));
        expect(working).toHaveLength(4);
        expect(gated.started).not.toContain('queued two [hang]');
      } finally {
        await second.close();
      }
    });

    it('RUNS-3, RUNS-20: a run canceled through a web process is stopped by the worker working it within 2 s', async () => {
      gated = gatedProvider();
      const u = await t.user({ credits: 100 });
      const { id } = await json<{ id: string }>(await start(u.token, 'long [gate]'));
      await until(() => gated.started.length === 1, 'the run to start');
      const web = await createRuntime(
        { ...t.config, role: 'web' },
        { database: t.runtime.database, now: () => t.now, log: () => undefined, pool: sharedTestPool() },
      );
      try {
        expect(t.runtime.deps.runs.endOf(id)).toBeDefined();
        const asked = Date.now();
        const answer = await createApp(web.deps).request(`/api/runs/${id}/cancel`, {
          method: 'POST',
          headers: { authorization: `Bearer ${u.token}` },
        });
        expect(answer.status).toBe(200);
        await until(() => t.runtime.deps.runs.endOf(id) === undefined, 'the run to stop');
        expect(Date.now() - asked).toBeLessThan(2000);
        expect(await balance(t, u.id)).toBe(100);
        expect(await ledger(u.id, 'refund')).toHaveLength(1);
      } finally {
        await web.close();
      }
    });

    it('RUNS-5: the list holds lately finished runs only, newest first, with outputs and refunds', async () => {
      gated = gatedProvider();
      const u = await t.user({ credits: 100 });
      const ok = await json<{ id: string }>(await start(u.token, 'fine'));
      await pollUntilDone(u.token, ok.id);
      const bad = await json<{ id: string }>(await start(u.token, 'broken [fail]'));
      await pollUntilDone(u.token, bad.id);
      const listed = await runsOf(u.token);
      expect(listed.map((r) => [r.id, r.status, r.refunded])).toEqual([
        [bad.id, 'failed', textTool.cost],
        [ok.id, 'succeeded', 0],
      ]);
      expect(listed[1]!.output).toEqual(expect.any(String));
      expect(listed[0]!.error).toBe('The model rejected this prompt');
      t.now = new Date(t.now.getTime() + 11 * 60_000);
      expect(await runsOf(u.token)).toEqual([]);
    });

    it('the image tools take a seed: drawn and stored when absent, checked when given', async () => {
      gated = gatedProvider();
      const u = await t.user({ credits: 100 });
      const draw = (input: Record<string, unknown>) =>
        t.request('/api/generate/image', { token: u.token, body: { modelId: textToImage.id, input } });
      expect((await draw({ prompt: 'a fox' })).status).toBe(200);
      expect((await draw({ prompt: 'a fox' })).status).toBe(200);
      expect((await draw({ prompt: 'a fox', seed: 42 })).status).toBe(200);
      expect((await draw({ prompt: 'a fox', seed: -1 })).status).toBe(400);
      expect((await draw({ prompt: 'a fox', seed: 1.5 })).status).toBe(400);
      const seeds = (await t.runtime.deps.db.select().from(predictions).where(eq(predictions.userId, u.id)))
        .map((row) => row.input?.['seed'])
        .sort();
      expect(seeds).toHaveLength(3);
      expect(seeds).toContain(42);
      for (const seed of seeds) expect(Number.isInteger(seed)).toBe(true);
      expect(new Set(seeds).size).toBe(3);
    });

    const pollUntilDone = async (token: string, id: string) => {
      for (;;) {
        const p = await pollPrediction(t, token, id);
        if (p.status !== 'queued') return p;
        await sleep(5);
      }
    };
  });
}

describe('the offline provider draws from the seed', () => {
  it('the same prompt with another seed gives another picture; the same seed the same one', async () => {
    const local = createLocalProvider({ pool: sharedTestPool() });
    const draw = async (seed: number) => {
      const result = await local.run(
        { tool: textToImage, input: { ...textToImage.defaultParams, prompt: 'a fox', width: 256, height: 256, seed } },
        new AbortController().signal,
      );
      if (result.output.kind !== 'files') throw new Error('no picture');
      return Buffer.from(result.output.files[0]!.bytes).toString('base64');
    };
    const first = await draw(1);
    expect(await draw(2)).not.toBe(first);
    expect(await draw(1)).toBe(first);
  });
});

for (const backend of backends) {
  describe(`a batch and the generation rate limit (${backend})`, () => {
    const t = setupApp(backend, { env: { RATE_LIMIT_GENERATE: '2' }, providers: () => ({ local: contractProvider }) });

    it('RUNS-2: a batch of six prompts counts once against the limit', async () => {
      const u = await t.user({ credits: 100 });
      const batch = await t.request('/api/generate/batch', {
        token: u.token,
        body: { modelId: music.id, prompts: ['a', 'b', 'c', 'd', 'e', 'f'] },
      });
      expect(batch.status).toBe(201);
      const { runs } = await json<{ runs: { id: string }[] }>(batch);
      for (const run of runs) {
        for (;;) {
          const p = await pollPrediction(t, u.token, run.id);
          if (p.status !== 'queued') break;
          await sleep(5);
        }
      }
      const body = { modelId: textTool.id, input: { prompt: 'one more' } };
      expect((await t.request('/api/generate/text', { token: u.token, body })).status).toBe(201);
      expect((await t.request('/api/generate/text', { token: u.token, body })).status).toBe(429);
    });
  });
}
