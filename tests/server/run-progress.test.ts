/**
 * RUNS-26: a working run's percentage as GET /api/runs answers it: reported by its provider (the offline
 * provider's steps; any provider through RunTrack.progress), stored throttled and never lowered, 100 once it
 * succeeded, null when nothing was reported.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { toolByKey } from '../../src/catalog';
import { predictions } from '../../server/db/schema';
import { createLocalProvider } from '../../server/providers/local';
import type { GenerationProvider, RunTrack } from '../../server/providers/types';
import { progressWriter } from '../../server/services/generation/progress';
import { backends, json, setupApp, sharedTestPool } from './helpers';

const textTool = toolByKey('text-to-text');

interface RunItem {
  id: string;
  status: string;
  progress: number | null;
}

/** A provider a test steers: it hands the test its track and waits until the test lets it end. */
function steeredProvider() {
  let track: RunTrack | undefined;
  let release: () => void = () => undefined;
  const provider: GenerationProvider = {
    name: 'local',
    run: async (_job, signal, given) => {
      track = given;
      await new Promise<void>((resolve, reject) => {
        release = resolve;
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      });
      return { output: { kind: 'text', text: 'done' }, model: 'steered' };
    },
  };
  return { provider, track: () => track, release: () => release() };
}

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await sleep(5);
  }
  throw new Error(`timed out waiting for ${what}`);
};

for (const backend of backends) {
  describe(`RUNS-26: a run's percentage (${backend})`, () => {
    describe('the offline provider', () => {
      const t = setupApp(backend, {
        providers: () => ({ local: createLocalProvider({ pool: sharedTestPool(), latencyMs: 1_500 }) }),
      });

      it('a working offline run shows a rising percentage in GET /api/runs, 100 once it succeeded', async () => {
        const u = await t.user({ credits: 50 });
        const started = await t.request('/api/generate/text', {
          token: u.token,
          body: { modelId: textTool.id, input: { prompt: 'a slow poem' } },
        });
        expect(started.status).toBe(201);
        const { id } = await json<{ id: string }>(started);
        const seen: (number | null)[] = [];
        let last: RunItem | undefined;
        for (let i = 0; i < 400; i++) {
          const { runs } = await json<{ runs: RunItem[] }>(await t.request('/api/runs', { token: u.token }));
          last = runs.find((r) => r.id === id);
          if (!last || last.status !== 'processing') break;
          seen.push(last.progress);
          await sleep(20);
        }
        expect(last?.status).toBe('succeeded');
        expect(last?.progress).toBe(100);
        const working = seen.filter((p): p is number => p !== null);
        // Several distinct steps seen while it worked, each a whole percent below 100, never going back.
        expect(new Set(working).size).toBeGreaterThanOrEqual(3);
        expect(working).toEqual([...working].sort((a, b) => a - b));
        for (const p of working) {
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeLessThan(100);
        }
      });
    });

    describe('any provider’s reports', () => {
      let steered = steeredProvider();
      const t = setupApp(backend, {
        providers: () => ({
          local: { name: 'local', run: (job, signal, track) => steered.provider.run(job, signal, track) },
        }),
      });
      const progressOf = async (token: string, id: string) =>
        (await json<{ runs: RunItem[] }>(await t.request('/api/runs', { token }))).runs.find((r) => r.id === id)
          ?.progress;
      const stored = async (id: string) =>
        (await t.runtime.deps.db.select({ p: predictions.progress }).from(predictions).where(eq(predictions.id, id)))[0]
          ?.p;

      it('are null until reported, written in steps of 5 or more, never lowered, at most 99 while working', async () => {
        steered = steeredProvider();
        const u = await t.user({ credits: 50 });
        const { id } = await json<{ id: string }>(
          await t.request('/api/generate/text', {
            token: u.token,
            body: { modelId: textTool.id, input: { prompt: 'p' } },
          }),
        );
        await until(() => steered.track() !== undefined, 'the provider to start');
        expect(await progressOf(u.token, id)).toBeNull();
        expect(await json(await t.request(`/api/prediction/${id}`, { token: u.token }))).not.toHaveProperty('progress');
        const track = steered.track()!;
        track.progress!(10.7);
        await until(async () => (await stored(id)) === 10, 'the first report stored');
        for (const p of [30, 20, 33, Number.NaN, -4]) track.progress!(p);
        await until(async () => (await stored(id)) === 30, 'a rise of 20 stored');
        await sleep(50);
        // 20 (lower), 33 (a rise under 5) and the garbage changed nothing.
        expect(await progressOf(u.token, id)).toBe(30);
        // The run's own read says it too.
        expect(await json(await t.request(`/api/prediction/${id}`, { token: u.token }))).toMatchObject({
          status: 'processing',
          progress: 30,
        });
        track.progress!(250);
        await until(async () => (await stored(id)) === 99, 'a report past 100 stored as 99');
        // Another writer (a later attempt starting from nothing) cannot move it back either.
        const other = progressWriter(t.runtime.deps.db, id, null);
        other.report(40);
        await other.settled();
        expect(await progressOf(u.token, id)).toBe(99);
        steered.release();
        await until(async () => (await stored(id)) === 100, 'the run to succeed');
        const { runs } = await json<{ runs: RunItem[] }>(await t.request('/api/runs', { token: u.token }));
        expect(runs.find((r) => r.id === id)).toMatchObject({ status: 'succeeded', progress: 100 });
        expect(await json(await t.request(`/api/prediction/${id}`, { token: u.token }))).not.toHaveProperty('progress');
      });

      it('a run whose provider reports nothing keeps null, also once it ended', async () => {
        steered = steeredProvider();
        const u = await t.user({ credits: 50 });
        const { id } = await json<{ id: string }>(
          await t.request('/api/generate/text', {
            token: u.token,
            body: { modelId: textTool.id, input: { prompt: 'q' } },
          }),
        );
        await until(() => steered.track() !== undefined, 'the provider to start');
        expect(await progressOf(u.token, id)).toBeNull();
        const cancel = await t.request(`/api/runs/${id}/cancel`, { token: u.token, method: 'POST' });
        expect(cancel.status).toBe(200);
        expect(await progressOf(u.token, id)).toBeNull();
      });
    });
  });
}
