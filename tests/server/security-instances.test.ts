/** Several instances on one database — a run is worked by one worker at a time and ended, refunded, once. */
import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { toolByKey } from '../../src/catalog';
import { createRuntime, type Runtime } from '../../server/bootstrap';
import { creditLedger, predictions } from '../../server/db/schema';
import { spendCredits } from '../../server/services/credits';
import { endAbandonedRun, restartedMessage } from '../../server/services/generation';
import { backends, balance, fakeProvider, json, setupApp } from './helpers';

const tool = toolByKey('text-to-text');

for (const backend of backends) {
  describe(`several instances (${backend})`, () => {
    const t = setupApp(backend, { providers: () => ({ local: fakeProvider('hang') }) });

    /** Another instance booting on the same database (a worker of its own). */
    const secondInstance = (): Promise<Runtime> =>
      createRuntime(t.config, {
        database: t.runtime.database,
        now: () => t.now,
        log: (line) => t.logs.push(line),
        providers: { local: fakeProvider('hang') },
      });

    it('a second instance booting on the same database leaves the first one’s running prediction alone', async () => {
      const u = await t.user({ credits: 100 });
      const res = await t.request('/api/generate/text', {
        token: u.token,
        body: { modelId: tool.id, input: { prompt: 'still running' } },
      });
      expect(res.status).toBe(201);
      const { id } = await json<{ id: string }>(res);
      // The first instance's worker has the run before the second boots (a queued job could go to either).
      await vi.waitFor(() => expect(t.runtime.deps.runs.endOf(id)).toBeDefined(), { timeout: 10_000 });
      const second = await secondInstance();
      try {
        await new Promise((r) => setTimeout(r, 300));
        const [row] = await t.runtime.deps.db.select().from(predictions).where(eq(predictions.id, id));
        expect(row).toMatchObject({ status: 'processing' });
        expect(t.runtime.deps.runs.endOf(id)).toBeDefined();
        expect(second.deps.runs.size).toBe(0);
        expect(await balance(t, u.id)).toBe(100 - tool.cost);
        expect((await json(await t.request(`/api/prediction/${id}`, { token: u.token })))['status']).toBe('processing');
      } finally {
        await second.close();
      }
    });

    it('a run whose job failed its last attempt is refunded once, even with dead-letter handlers racing on two instances', async () => {
      const u = await t.user({ credits: 100 });
      const db = t.runtime.deps.db;
      const id = crypto.randomUUID();
      // What a job given up after its last attempt leaves behind: a processing run and its reservation.
      await db.transaction(async (tx) => {
        await tx.insert(predictions).values({
          id,
          userId: u.id,
          toolKey: tool.key,
          modelId: tool.id,
          status: 'processing',
          cost: tool.cost,
          deadlineAt: new Date(t.now.getTime() + 10 * 60_000),
        });
        await spendCredits(tx, u.id, tool.cost, `prediction:${id}`);
      });
      const second = await secondInstance();
      const job = { data: { id } };
      await Promise.all([
        endAbandonedRun(t.runtime.deps, job),
        endAbandonedRun(second.deps, job),
        endAbandonedRun(t.runtime.deps, job),
      ]);
      await second.close();
      expect(t.logs.filter((l) => l.includes(`prediction ${id}: failed and refunded`))).toHaveLength(1);
      const [row] = await db.select().from(predictions).where(eq(predictions.id, id));
      expect(row).toMatchObject({ status: 'failed', error: restartedMessage });
      expect(await balance(t, u.id)).toBe(100);
      const refunds = await db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.reference, `refund:${id}`));
      expect(refunds).toHaveLength(1);
    });
  });
}
