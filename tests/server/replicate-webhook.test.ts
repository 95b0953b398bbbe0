/**
 * Replicate's webhooks (CALL-5) against the contract fake (tests/server/fakes/replicate.ts): with APP_URL public
 * and REPLICATE_WEBHOOK_SECRET set, a prediction asks for its completed event, and the fake's signed delivery
 * (handed to the app, as Replicate would post it) ends the run without another read of Replicate; a forged,
 * stale, repeated, unknown or oversized delivery changes nothing. Without both settings the run is polled only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createProviders, createRuntime, replicateWebhookUrl, type Runtime } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { predictions } from '../../server/db/schema';
import { createReplicateProvider } from '../../server/providers/replicate';
import { RunHandOff, type GenerationJob } from '../../server/providers/types';
import { toolByKey } from '../../src/catalog';
import { operations } from '../../src/api/operations';
import { startFakeReplicate, webhookHeaders, type FakeReplicate } from './fakes/replicate';
import { backends, balance, json, pollPrediction, setupApp, sharedTestPool, type TestContext } from './helpers';

const SECRET = `whsec_${Buffer.from('atelier test webhook key 0123456789').toString('base64')}`;
const PUBLIC_URL = 'https://atelier.example';
const HOOK = '/api/webhooks/replicate';
const musicgen = toolByKey('musicgen');

let replicate: FakeReplicate;

beforeAll(async () => {
  replicate = await startFakeReplicate();
  replicate.webhookSecret = SECRET;
});
afterAll(() => replicate.close());

const replicateEnv = () => ({
  REPLICATE_API_TOKEN: 'r8_fake_token',
  REPLICATE_BASE_URL: replicate.baseUrl,
  REPLICATE_POLL_INTERVAL_MS: '20',
});

const creates = () => replicate.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
const reads = (id: string) =>
  replicate.requests.filter((r) => r.method === 'GET' && r.path === `/v1/predictions/${id}`);

for (const backend of backends) {
  describe(`Replicate webhooks with APP_URL public and REPLICATE_WEBHOOK_SECRET set (${backend})`, () => {
    const env = { APP_URL: PUBLIC_URL, REPLICATE_WEBHOOK_SECRET: SECRET, RATE_LIMIT_GENERATE: '1000' };
    const t = setupApp(backend, {
      env,
      providers: () =>
        createProviders(loadConfig({ ...replicateEnv(), ...env, DATA_DIR: '/tmp/atelier-unused' }), sharedTestPool()),
    });
    /** The app the fake delivers to (this instance unless a test names another web process). */
    let receiver: () => ReturnType<typeof createApp>;
    beforeEach(() => {
      replicate.requests.length = 0;
      replicate.webhooks.length = 0;
      // Each prediction runs until the test completes it: reads answer `processing` (one every 30 s at most).
      replicate.outcome = 'processing';
      receiver = () => t.app;
      replicate.deliver = (url, init) => Promise.resolve(receiver().request(new URL(url).pathname, init));
    });

    /** Starts a Music Generation run and waits until its prediction exists at the fake and its id is stored. */
    async function started(token: string): Promise<{ runId: string; predictionId: string }> {
      const input = { ...musicgen.defaultParams, prompt: 'a calm piano' };
      const res = await t.request(operations[musicgen.startOperation].path, {
        token,
        body: { modelId: musicgen.id, modelCost: musicgen.modelCost, input },
      });
      expect(res.status).toBe(201);
      const { id } = await json<{ id: string }>(res);
      for (let i = 0; i < 500; i++) {
        const [row] = await t.runtime.deps.db
          .select({ remoteId: predictions.remoteId })
          .from(predictions)
          .where(eq(predictions.id, id));
        if (row?.remoteId) return { runId: id, predictionId: row.remoteId };
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the run never created its prediction');
    }

    const status = async (token: string, id: string) =>
      (await json<{ status: string }>(await t.request(`/api/prediction/${id}`, { token }))).status;

    /** A delivery of `prediction` signed with `secret` at `timestamp` (unix seconds). */
    const deliver = (prediction: object, secret = SECRET, timestamp?: number) => {
      const body = JSON.stringify(prediction);
      return t.request(HOOK, { body, headers: webhookHeaders(secret, body, undefined, timestamp) });
    };
    const completedBody = (predictionId: string, status = 'succeeded') => ({
      id: predictionId,
      status,
      output: status === 'succeeded' ? `${replicate.origin}/files/${predictionId}.wav` : null,
      error: status === 'failed' ? 'The model crashed' : null,
    });

    it('CALL-5: the create asks for the completed event at APP_URL, and the signed webhook ends the run without a poll', async () => {
      const u = await t.user({ credits: 100 });
      const { runId, predictionId } = await started(u.token);
      expect(creates()[0]?.body).toMatchObject({
        webhook: `${PUBLIC_URL}/api/webhooks/replicate`,
        webhook_events_filter: ['completed'],
      });
      expect(replicate.problems()).toEqual([]);

      await replicate.complete('succeeded', predictionId);
      expect(replicate.webhooks).toEqual([expect.objectContaining({ predictionId, status: 'succeeded', answer: 200 })]);
      const end = await pollPrediction(t, u.token, runId);
      expect(end.status).toBe('succeeded');
      expect(String(end.output)).toMatch(/^\/files\/outputs\//);
      expect((await t.request(String(end.output), { token: u.token })).status).toBe(200);
      // Ended by the webhook: Replicate's prediction was never read again (its fallback read is 30 s away).
      expect(reads(predictionId)).toEqual([]);
      expect(await balance(t, u.id)).toBe(100 - musicgen.cost);
    });

    it('CALL-5: a webhook received by another web process ends the run the worker is waiting on', async () => {
      const u = await t.user({ credits: 100 });
      const { runId, predictionId } = await started(u.token);
      let web: Runtime | undefined;
      try {
        web = await createRuntime(
          { ...t.config, role: 'web' },
          { database: t.runtime.database, providers: t.runtime.deps.providers, pool: sharedTestPool() },
        );
        const webApp = createApp(web.deps);
        receiver = () => webApp;
        await replicate.complete('succeeded', predictionId);
        expect(replicate.webhooks.map((w) => w.answer)).toEqual([200]);
        expect((await pollPrediction(t, u.token, runId)).status).toBe('succeeded');
        expect(reads(predictionId)).toEqual([]);
      } finally {
        await web?.close();
      }
    });

    it('CALL-5: a failed prediction reported by webhook ends the run failed and refunded', async () => {
      const u = await t.user({ credits: 100 });
      const { runId, predictionId } = await started(u.token);
      await replicate.complete('failed', predictionId);
      const end = await pollPrediction(t, u.token, runId);
      expect(end).toMatchObject({ status: 'failed', error: 'The model crashed' });
      expect(await balance(t, u.id)).toBe(100);
    });

    it('CALL-5: a forged signature answers 401 and changes nothing', async () => {
      const u = await t.user({ credits: 100 });
      const { runId, predictionId } = await started(u.token);
      const forged = `whsec_${Buffer.from('not the secret at all').toString('base64')}`;
      const res = await deliver(completedBody(predictionId), forged);
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ message: 'Invalid webhook signature' });
      // A signature of another body does not pass either.
      const body = JSON.stringify(completedBody(predictionId));
      const headers = webhookHeaders(SECRET, body.replace('succeeded', 'failed'));
      expect((await t.request(HOOK, { body, headers })).status).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await status(u.token, runId)).toBe('processing');
      expect(await balance(t, u.id)).toBe(100 - musicgen.cost);
      await replicate.complete('succeeded', predictionId);
      expect((await pollPrediction(t, u.token, runId)).status).toBe('succeeded');
    });

    it('CALL-5: a timestamp more than five minutes off (either way) answers 401; missing headers 400', async () => {
      const u = await t.user({ credits: 100 });
      const { runId, predictionId } = await started(u.token);
      const now = Math.floor(Date.now() / 1000);
      for (const timestamp of [now - 6 * 60, now + 6 * 60]) {
        const res = await deliver(completedBody(predictionId), SECRET, timestamp);
        expect(res.status).toBe(401);
        expect(await json(res)).toEqual({ message: 'Webhook timestamp is outside the tolerance' });
      }
      const missing = await t.request(HOOK, { body: JSON.stringify(completedBody(predictionId)) });
      expect(missing.status).toBe(400);
      expect(await json(missing)).toMatchObject({ message: expect.stringMatching(/webhook-id/) });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await status(u.token, runId)).toBe('processing');
      // Four minutes off is within the tolerance.
      expect((await deliver(completedBody(predictionId), SECRET, now - 4 * 60)).status).toBe(200);
      expect((await pollPrediction(t, u.token, runId)).status).toBe('succeeded');
    });

    it('CALL-5: a repeated or late webhook answers 200 and changes nothing: the run ends and is charged once', async () => {
      const u = await t.user({ credits: 100 });
      const { runId, predictionId } = await started(u.token);
      const first = await deliver(completedBody(predictionId));
      expect(await json(first)).toEqual({ received: true, outcome: 'processed' });
      const again = await deliver(completedBody(predictionId));
      expect(again.status).toBe(200);
      expect(await json(again)).toEqual({ received: true, outcome: 'duplicate' });
      const end = await pollPrediction(t, u.token, runId);
      expect(end.status).toBe('succeeded');
      // Late, and of another end: the finished run keeps its end, its output and its charge.
      const late = await deliver(completedBody(predictionId, 'failed'));
      expect(await json(late)).toEqual({ received: true, outcome: 'duplicate' });
      expect(await pollPrediction(t, u.token, runId)).toEqual(end);
      expect(await balance(t, u.id)).toBe(100 - musicgen.cost);
    });

    it('CALL-5: a webhook for a prediction the server does not know answers 200 and changes nothing', async () => {
      const u = await t.user({ credits: 100 });
      const { runId, predictionId } = await started(u.token);
      const res = await deliver(completedBody('p-unknown-9'));
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ received: true, outcome: 'ignored' });
      // An event other than completed is acknowledged and ignored too.
      expect(await json(await deliver({ id: predictionId, status: 'processing', output: null }))).toEqual({
        received: true,
        outcome: 'ignored',
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await status(u.token, runId)).toBe('processing');
      expect(await balance(t, u.id)).toBe(100 - musicgen.cost);
      await replicate.complete('succeeded', predictionId);
      expect((await pollPrediction(t, u.token, runId)).status).toBe('succeeded');
    });

    it('CALL-5: a body above 1 MB answers 413 before it is read; a signed body that is no prediction 400', async () => {
      const big = JSON.stringify({ id: 'p1', status: 'succeeded', logs: 'x'.repeat(1024 * 1024) });
      const res = await t.request(HOOK, { body: big, headers: webhookHeaders(SECRET, big) });
      expect(res.status).toBe(413);
      expect(await json(res)).toEqual({ message: 'Request body too large' });
      const notJson = await t.request(HOOK, { body: '{"id":', headers: webhookHeaders(SECRET, '{"id":') });
      expect(notJson.status).toBe(400);
      expect(await json(notJson)).toEqual({ message: 'The webhook body is not JSON' });
      const empty = await t.request(HOOK, { method: 'POST', headers: webhookHeaders(SECRET, '') });
      expect(empty.status).toBe(400);
      expect(await json(empty)).toEqual({ message: 'The webhook body is empty' });
    });
  });
}

describe('Replicate webhooks off', () => {
  const t: TestContext = setupApp('pglite', {
    env: { REPLICATE_WEBHOOK_SECRET: SECRET },
  });
  beforeEach(() => {
    replicate.requests.length = 0;
    replicate.outcome = 'succeeded';
    replicate.processingReads = 1;
    replicate.deliver = () => Promise.reject(new Error('no webhook is expected here'));
  });

  const job = (): GenerationJob => ({
    tool: musicgen,
    input: { ...musicgen.defaultParams, prompt: 'a calm piano' },
    deadline: new Date(Date.now() + 60_000),
  });

  it.each([
    ['APP_URL on localhost', { APP_URL: 'http://localhost:3000', REPLICATE_WEBHOOK_SECRET: SECRET }],
    ['APP_URL http', { APP_URL: 'http://atelier.example', REPLICATE_WEBHOOK_SECRET: SECRET }],
    ['APP_URL on a loopback address', { APP_URL: 'https://127.0.0.1:3000', REPLICATE_WEBHOOK_SECRET: SECRET }],
    ['no REPLICATE_WEBHOOK_SECRET', { APP_URL: PUBLIC_URL }],
  ])('CALL-5: with %s the create carries no webhook and the run is polled to its end', async (_case, env) => {
    const config = loadConfig({ ...replicateEnv(), ...env, DATA_DIR: '/tmp/atelier-unused' });
    expect(replicateWebhookUrl(config)).toBeUndefined();
    const result = await createProviders(config, sharedTestPool()).replicate!.run(job(), new AbortController().signal);
    expect(result.output.kind).toBe('files');
    const body = creates()[0]?.body as Record<string, unknown>;
    expect(body).toBeDefined();
    expect(body).not.toHaveProperty('webhook');
    expect(body).not.toHaveProperty('webhook_events_filter');
    expect(replicate.problems()).toEqual([]);
  });

  /** A Replicate adapter that asks for webhooks, looks for a stored end every 5 ms, and reads Replicate every `fallbackMs`. */
  const webhookProvider = (fallbackMs: number) =>
    createReplicateProvider({
      token: 'r8_fake_token',
      baseUrl: replicate.baseUrl,
      pollIntervalMs: 5,
      webhookUrl: `${PUBLIC_URL}/api/webhooks/replicate`,
      webhookFallbackMs: fallbackMs,
    });

  it('CALL-5: a webhook that never comes: the run still ends by reading Replicate at the fallback interval', async () => {
    replicate.deliver = () => Promise.resolve(new Response('lost', { status: 502 }));
    replicate.processingReads = 0;
    const provider = webhookProvider(100);
    let looks = 0;
    const started = Date.now();
    const result = await provider.run(job(), new AbortController().signal, {
      reported: () => {
        looks += 1;
        return Promise.resolve(undefined);
      },
    });
    expect(result.output.kind).toBe('files');
    expect(creates()[0]?.body).toMatchObject({ webhook_events_filter: ['completed'] });
    // The stored end was looked at every 5 ms; Replicate read once, after the 100 ms fallback.
    expect(looks).toBeGreaterThan(3);
    expect(replicate.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'))).toHaveLength(
      1,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('CALL-5: a resumed run (its prediction created by an earlier attempt) reads Replicate at once', async () => {
    replicate.deliver = () => Promise.resolve(new Response('lost', { status: 502 }));
    // Ended already: the first read answers its end (the next fallback read would be a minute away).
    replicate.processingReads = 0;
    const provider = webhookProvider(60_000);
    let remoteId = '';
    const first = new AbortController();
    const attempt = provider.run(job(), first.signal, {
      created: (id) => {
        remoteId = id;
        first.abort(new RunHandOff());
        return Promise.resolve();
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(RunHandOff);
    const result = await provider.run(job(), new AbortController().signal, {
      remoteId,
      reported: () => Promise.resolve(undefined),
    });
    expect(result.output.kind).toBe('files');
    expect(creates()).toHaveLength(1);
  });

  it('CALL-5: REPLICATE_WEBHOOK_SECRET must be the whsec_ secret Replicate gives', () => {
    expect(() => loadConfig({ REPLICATE_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(/REPLICATE_WEBHOOK_SECRET: must be/);
    expect(loadConfig({ REPLICATE_WEBHOOK_SECRET: ` ${SECRET} ` }).replicateWebhookSecret).toBe(SECRET);
    expect(replicateWebhookUrl(loadConfig({ APP_URL: `${PUBLIC_URL}/`, REPLICATE_WEBHOOK_SECRET: SECRET }))).toBe(
      `${PUBLIC_URL}/api/webhooks/replicate`,
    );
  });

  it('CALL-5: without REPLICATE_WEBHOOK_SECRET the webhook route answers 404', async () => {
    const notSet = createApp({ ...t.runtime.deps, config: { ...t.config, replicateWebhookSecret: undefined } });
    const body = JSON.stringify({ id: 'p1', status: 'succeeded' });
    const res = await notSet.request(HOOK, { method: 'POST', body, headers: webhookHeaders(SECRET, body) });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: 'Replicate webhooks are not enabled on this server' });
  });
});
