/**
 * The server keeps no state outside its container. Two app instances in one process, each on a
 * database of its own (two PGlite instances) and handed one shared worker pool, run generations side by
 * side without seeing each other's runs; closing one stops its own runs and leaves the other, the shared
 * pool and the database it was handed working.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { toolByKey } from '../../src/catalog';
import { createApp } from '../../server/app';
import { createRuntime, type Runtime } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { creditLedger, predictions } from '../../server/db/schema';
import { json, makeUser, sharedTestPool, type Prediction } from './helpers';

const text = toolByKey('text-to-text');
const image = toolByKey('text-to-image');

interface Instance {
  readonly runtime: Runtime;
  readonly database: Database;
  request(pathname: string, token: string, body?: unknown): Promise<Response>;
  user(credits: number, email?: string): ReturnType<typeof makeUser>;
  /** Reads a prediction until it has ended. */
  poll(token: string, id: string): Promise<Prediction>;
}

const opened: { runtime: Runtime; database: Database; dataDir: string }[] = [];

afterEach(async () => {
  for (const { runtime, database, dataDir } of opened.splice(0)) {
    await runtime.close();
    // Handed in, so the instance left it open: closed here by whoever opened it.
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * An instance as server/main.ts makes one (its providers built by the runtime from its config: the real
 * offline provider, [slow] taking LOCAL_SLOW_MS), on its own PGlite database, handed the file's shared pool.
 */
async function instance(): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-two-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    LOG_REQUESTS: '0',
    LOCAL_SLOW_MS: '1500',
  });
  const database = await openDatabase({ archive: inject('pgliteArchive') });
  const runtime = await createRuntime(config, { database, pool: sharedTestPool(), log: () => undefined });
  opened.push({ runtime, database, dataDir });
  const app = createApp(runtime.deps);
  const request = (pathname: string, token: string, body?: unknown) =>
    Promise.resolve(
      app.request(pathname, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  return {
    runtime,
    database,
    request,
    user: (credits, email) => makeUser(database.db, new Date(), { credits, ...(email ? { email } : {}) }),
    async poll(token, id) {
      for (;;) {
        const p = await json<Prediction>(await request(`/api/prediction/${id}`, token));
        if (p.status !== 'processing' && p.status !== 'starting') return p;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

const credits = async (at: Instance, token: string) =>
  (await json<{ credits: number }>(await at.request('/api/users/credits', token))).credits;

const creationIds = async (at: Instance, token: string) =>
  (await json<{ items: { id: string }[] }>(await at.request('/api/creations', token))).items.map((c) => c.id).sort();

describe('two app instances in one process, on two databases', () => {
  it('run text and image generations side by side without seeing each other’s runs', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    // The same address on both: two separate accounts, one per database.
    const [ua, ub] = await Promise.all([a.user(100, 'same@example.com'), b.user(200, 'same@example.com')]);

    const startText = async (at: Instance, token: string, prompt: string) => {
      const res = await at.request('/api/generate/text', token, { modelId: text.id, input: { prompt } });
      expect(res.status).toBe(201);
      return (await json<{ id: string }>(res)).id;
    };
    const drawImage = async (at: Instance, token: string, prompt: string) => {
      const res = await at.request('/api/generate/image', token, {
        modelId: image.id,
        input: { prompt, width: 256, height: 256 },
      });
      expect(res.status).toBe(200);
      return json<{ output: string; credits: number }>(res);
    };

    // Both at once: a text run each (polled to its end) and an image each (its work in the shared pool).
    const [textA, textB, imageA, imageB] = await Promise.all([
      startText(a, ua.token, 'a letter from A'),
      startText(b, ub.token, 'a letter from B'),
      drawImage(a, ua.token, 'a fox for A'),
      drawImage(b, ub.token, 'an owl for B'),
    ]);
    const [doneA, doneB] = await Promise.all([a.poll(ua.token, textA), b.poll(ub.token, textB)]);
    expect(doneA).toMatchObject({ status: 'succeeded' });
    expect(doneB).toMatchObject({ status: 'succeeded' });
    expect(String(doneA.output)).toContain('a letter from A');
    expect(String(doneB.output)).toContain('a letter from B');
    expect(imageA.output).toMatch(/^\/files\/outputs\/[a-f0-9]{32}\.png\?exp=\d+&sig=[\w-]{43}$/);
    expect(imageB.output).toMatch(/^\/files\/outputs\/[a-f0-9]{32}\.png\?exp=\d+&sig=[\w-]{43}$/);

    // Each instance knows only its own runs: A's prediction is 404 on B and B's on A.
    expect((await b.request(`/api/prediction/${textA}`, ub.token)).status).toBe(404);
    expect((await a.request(`/api/prediction/${textB}`, ua.token)).status).toBe(404);
    // Their creations lists are separate, and their balances independent.
    const [listA, listB] = await Promise.all([creationIds(a, ua.token), creationIds(b, ub.token)]);
    expect(listA).toHaveLength(2);
    expect(listB).toHaveLength(2);
    expect(listA).toContain(textA);
    expect(listB).toContain(textB);
    expect(listA.filter((id) => listB.includes(id))).toEqual([]);
    expect(await credits(a, ua.token)).toBe(100 - text.cost - image.cost);
    expect(await credits(b, ub.token)).toBe(200 - text.cost - image.cost);

    // A run in flight on A is A's alone: B holds no run, and cannot answer it.
    const slowA = await startText(a, ua.token, 'a long one [slow]');
    for (let i = 0; i < 200 && a.runtime.deps.runs.size === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(a.runtime.deps.runs.size).toBe(1);
    expect(b.runtime.deps.runs.size).toBe(0);
    expect((await b.request(`/api/prediction/${slowA}`, ub.token)).status).toBe(404);
    expect(await a.poll(ua.token, slowA)).toMatchObject({ status: 'succeeded' });
    expect(a.runtime.deps.runs.size).toBe(0);
  });

  it('closing one hands its runs back (still processing, charged, their jobs retried) and leaves the other, the shared pool and its database working', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const [ua, ub] = await Promise.all([a.user(100), b.user(100)]);
    const started = await a.request('/api/generate/text', ua.token, {
      modelId: text.id,
      input: { prompt: 'still going when A closes [slow]' },
    });
    const { id } = await json<{ id: string }>(started);
    expect(await credits(a, ua.token)).toBe(100 - text.cost);

    for (let i = 0; i < 200 && a.runtime.deps.runs.size === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await a.runtime.close();
    // A stopped working its run and handed it back, in the database it was handed, which it left open: the run
    // is still processing and charged, its job waits to be retried (by A after a restart, or another worker).
    const [row] = await a.database.db.select().from(predictions).where(eq(predictions.id, id));
    expect(row).toMatchObject({ status: 'processing' });
    const ledger = await a.database.db.select().from(creditLedger).where(eq(creditLedger.userId, ua.id));
    expect(ledger.reduce((sum, entry) => sum + entry.delta, 0)).toBe(100 - text.cost);
    const job = await a.database.db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${id}`);
    expect((job as unknown as { rows: { state: string }[] }).rows[0]?.state).toBe('retry');
    expect(a.runtime.deps.runs.size).toBe(0);

    // B still runs generations, its image work in the pool A was handed and did not close.
    const res = await b.request('/api/generate/image', ub.token, {
      modelId: image.id,
      input: { prompt: 'after A closed', width: 256, height: 256 },
    });
    expect(res.status).toBe(200);
    expect(await json<{ credits: number }>(res)).toMatchObject({ credits: 100 - image.cost });
    const textRes = await b.request('/api/generate/text', ub.token, { modelId: text.id, input: { prompt: 'B on' } });
    expect(await b.poll(ub.token, (await json<{ id: string }>(textRes)).id)).toMatchObject({ status: 'succeeded' });
  });
});
