/**
 * The job engine's guarantees (services/jobs.ts, services/generation/launch.ts): a run's job is sent in its
 * reservation transaction; a run handed back resumes reading the provider's stored prediction (never a second
 * create); a run past its deadline is cancelled at the provider and refunded once; prediction reads are retried;
 * mail ends in a logged dead letter after its last attempt.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { toolByKey } from '../../src/catalog';
import { createProviders } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { creditLedger, predictions } from '../../server/db/schema';
import { timedOutMessage } from '../../server/services/generation';
import { queues } from '../../server/services/jobs';
import { startFakeReplicate, type FakeReplicate } from './fakes/replicate';
import {
  backends,
  balance,
  json,
  pollPrediction,
  restarts,
  setupApp,
  sharedTestPool,
  type TestContext,
} from './helpers';

const textTool = toolByKey('text-to-text');
const music = toolByKey('musicgen');

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (ok(value)) return value;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const jobRows = async (t: TestContext, name: string) =>
  (
    (await t.runtime.deps.db.execute(
      sql`SELECT id::text AS id, state FROM pgboss.job WHERE name = ${name} ORDER BY created_on`,
    )) as unknown as { rows: { id: string; state: string }[] }
  ).rows;

for (const backend of backends) {
  describe(`jobs (${backend})`, () => {
    const t = setupApp(backend);

    it('a run’s job is sent in its reservation transaction: one job per charged run, none for a refused start', async () => {
      const u = await t.user({ credits: textTool.cost });
      const ok = await t.request('/api/generate/text', {
        token: u.token,
        body: { modelId: textTool.id, input: { prompt: 'one' } },
      });
      expect(ok.status).toBe(201);
      const { id } = await json<{ id: string }>(ok);
      const refused = await t.request('/api/generate/text', {
        token: u.token,
        body: { modelId: textTool.id, input: { prompt: 'two' } },
      });
      expect(refused.status).toBe(402);
      expect((await jobRows(t, queues.run)).map((j) => j.id)).toEqual([id]);
      // A transaction that rolls back takes its job with it.
      const ghost = crypto.randomUUID();
      await t.runtime.deps.db
        .transaction(async (tx) => {
          await t.runtime.deps.jobs.send(tx, queues.run, { id: ghost }, { id: ghost });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect((await jobRows(t, queues.run)).map((j) => j.id)).toEqual([id]);
      expect(await pollPrediction(t, u.token, id)).toMatchObject({ status: 'succeeded' });
    });

    it('a mail whose last attempt fails ends in a logged dead letter', async () => {
      Object.assign(t.runtime.deps, {
        mailer: { mode: 'outbox', send: () => Promise.reject(new Error('SMTP down')), list: () => Promise.resolve([]) },
      });
      const message = { to: 'x@example.com', subject: 's', text: 't', html: 'h', links: ['http://x/verify-email/abc'] };
      await t.runtime.deps.jobs.send(t.runtime.deps.db, queues.mail, { message }, { retryLimit: 0 });
      await until(
        async () => t.logs.filter((l) => /given up after its last attempt \(dead letter\)/.test(l)),
        (found) => found.length === 1,
        'the dead letter',
      );
      expect(t.logs.join('\n')).toMatch(/attempt 1 failed: SMTP down/);
      expect(t.logs.join('\n')).not.toMatch(/verify-email/);
    });
  });
}

describe('a remote run across attempts (fake Replicate)', () => {
  let replicate: FakeReplicate;
  beforeAll(async () => {
    replicate = await startFakeReplicate();
  });
  afterAll(() => replicate.close());
  const t = setupApp('pglite', {
    providers: () =>
      createProviders(
        loadConfig({
          REPLICATE_API_TOKEN: 'r8_fake_token',
          REPLICATE_BASE_URL: replicate.baseUrl,
          DATA_DIR: '/tmp/atelier-unused',
        }),
        sharedTestPool(),
      ),
  });
  beforeEach(() => {
    replicate.outcome = 'succeeded';
    replicate.readErrors = 0;
    // Processing until the test lets it end.
    replicate.processingReads = 1_000_000;
    replicate.requests.length = 0;
  });
  const creates = () => replicate.requests.filter((r) => r.method === 'POST' && /\/predictions$/.test(r.path));

  const startMusic = async (token: string) => {
    const res = await t.request('/api/generate', { token, body: { modelId: music.id, input: { prompt: 'a tune' } } });
    expect(res.status).toBe(201);
    const { id } = await json<{ id: string }>(res);
    const row = await until(
      async () => (await t.runtime.deps.db.select().from(predictions).where(eq(predictions.id, id)))[0],
      (r) => Boolean(r?.remoteId),
      'the prediction id to be stored',
    );
    return { id, remoteId: row!.remoteId! };
  };

  it(
    'RUNS-19: a run handed back resumes reading its stored prediction: created once, charged once, reads retried',
    restarts,
    async () => {
      const u = await t.user({ credits: 100 });
      const { id, remoteId } = await startMusic(u.token);
      await t.restart();
      // The provider answers 503 to a few reads, then ends the prediction.
      replicate.readErrors = 3;
      replicate.processingReads = 0;
      expect(await pollPrediction(t, u.token, id)).toMatchObject({ status: 'succeeded' });
      expect(creates()).toHaveLength(1);
      expect(replicate.requests.filter((r) => r.path.endsWith(`/predictions/${remoteId}`)).length).toBeGreaterThan(1);
      expect(replicate.problems()).toEqual([]);
      expect(await balance(t, u.id)).toBe(100 - music.cost);
    },
  );

  it(
    'a run past its deadline when its job is taken again is cancelled at the provider and refunded once',
    restarts,
    async () => {
      const u = await t.user({ credits: 100 });
      const { id, remoteId } = await startMusic(u.token);
      t.now = new Date(t.now.getTime() + t.config.generationTimeoutMs + 1);
      await t.restart();
      expect(await pollPrediction(t, u.token, id)).toMatchObject({ status: 'failed', error: timedOutMessage });
      expect(
        replicate.requests.some((r) => r.method === 'POST' && r.path.endsWith(`/predictions/${remoteId}/cancel`)),
      ).toBe(true);
      expect(creates()).toHaveLength(1);
      expect(await balance(t, u.id)).toBe(100);
      const refunds = await t.runtime.deps.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, u.id), eq(creditLedger.reason, 'refund')));
      expect(refunds).toHaveLength(1);
    },
  );
});
