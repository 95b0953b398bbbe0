/** Several instances on one database — runs are recovered only when their lease expired, once. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { toolByKey } from '../../src/catalog';
import { createRuntime, type Runtime } from '../../server/bootstrap';
import { creditLedger, predictions } from '../../server/db/schema';
import { spendCredits } from '../../server/services/credits';
import { LEASE_MS, recoverPredictions, renewLeases, restartedMessage } from '../../server/services/generation';
import { backends, balance, fakeProvider, json, setupApp } from './helpers';

const tool = toolByKey('text-to-text');

for (const backend of backends) {
  describe(`several instances (${backend})`, () => {
    const t = setupApp(backend, { providers: () => ({ local: fakeProvider('hang') }) });

    /** Another instance booting on the same database (its own id, its own boot-time recovery). */
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
      t.now = new Date(t.now.getTime() + LEASE_MS / 2);
      const second = await secondInstance();
      expect(second.deps.instanceId).not.toBe(t.runtime.deps.instanceId);
      const [row] = await t.runtime.deps.db.select().from(predictions).where(eq(predictions.id, id));
      expect(row).toMatchObject({ status: 'processing', owner: t.runtime.deps.instanceId });
      expect(await balance(t, u.id)).toBe(100 - tool.cost);
      // The first instance keeps renewing: past the first lease, the run is still its own.
      expect(await renewLeases(t.runtime.deps.db, t.runtime.deps.instanceId, t.now)).toBe(1);
      t.now = new Date(t.now.getTime() + LEASE_MS - 1000);
      expect(await recoverPredictions(second.deps.db, t.now)).toBe(0);
      expect((await json(await t.request(`/api/prediction/${id}`, { token: u.token })))['status']).toBe('processing');
    });

    it('a run whose instance was killed (lease expired) is refunded once, even with two sweepers racing', async () => {
      const u = await t.user({ credits: 100 });
      const db = t.runtime.deps.db;
      const id = crypto.randomUUID();
      // What a killed instance leaves behind: a processing run, its reservation, a lease nobody renews.
      await db.transaction(async (tx) => {
        await tx.insert(predictions).values({
          id,
          userId: u.id,
          toolKey: tool.key,
          modelId: tool.id,
          status: 'processing',
          cost: tool.cost,
          deadlineAt: new Date(t.now.getTime() + 10 * 60_000),
          owner: 'killed-instance',
          leaseExpiresAt: new Date(t.now.getTime() + LEASE_MS),
        });
        await spendCredits(tx, u.id, tool.cost, `prediction:${id}`);
      });
      expect(await recoverPredictions(db, t.now)).toBe(0);
      t.now = new Date(t.now.getTime() + LEASE_MS + 1);
      const second = await secondInstance();
      const recovered = await Promise.all([
        recoverPredictions(db, t.now),
        recoverPredictions(second.deps.db, t.now),
        recoverPredictions(db, t.now),
      ]);
      // The second instance's boot may have taken it already; either way exactly one sweep did.
      const bootTook = t.logs.some((l) => /Failed and refunded 1 generation/.test(l));
      expect(recovered.reduce((a, b) => a + b, 0) + (bootTook ? 1 : 0)).toBe(1);
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
