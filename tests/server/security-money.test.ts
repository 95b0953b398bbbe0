/** Money paths are atomic (a webhook's claim with its effects; a run with its reservation). */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { toolByKey } from '../../src/catalog';
import { checkoutSessions, predictions, processedEvents } from '../../server/db/schema';
import { buildLocalEvents } from '../../server/payments/local';
import { starterPackRecord } from './checkout-fixtures';
import { signStripePayload } from '../../server/payments/signature';
import type { PaymentEvent } from '../../server/payments/types';
import { backends, balance, json, setupApp } from './helpers';

for (const backend of backends) {
  describe(`atomic money paths (${backend})`, () => {
    const t = setupApp(backend);
    const deliver = (event: PaymentEvent) => {
      const body = JSON.stringify(event);
      return t.request('/api/stripe/webhook', {
        body,
        headers: { 'stripe-signature': signStripePayload(t.runtime.deps.webhookSecret, body) },
      });
    };

    it('a failure between the event claim and its grant leaves neither; the retry grants once', async () => {
      const u = await t.user();
      const db = t.runtime.deps.db;
      const sessionId = 'cs_crash_between';
      await db.insert(checkoutSessions).values({
        id: sessionId,
        userId: u.id,
        kind: 'pack',
        provider: 'local',
        priceId: 'price_credits_1000',
        credits: 1000,
        amountCents: 1500,
        description: 'Starter Pack',
        email: u.email,
      });
      const record = starterPackRecord(u, sessionId, t.now);
      const [event] = buildLocalEvents(record, t.now);
      // The grant fails after the claim and the session update (as a crash there would).
      await db.execute(
        sql.raw(`CREATE OR REPLACE FUNCTION fail_grant() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN IF NEW.reference = 'pack:${sessionId}' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`),
      );
      await db.execute(
        sql.raw('CREATE TRIGGER fail_grant BEFORE INSERT ON credit_ledger FOR EACH ROW EXECUTE FUNCTION fail_grant()'),
      );
      try {
        const failed = await deliver(event!);
        expect(failed.status).toBe(500);
        expect(await json(failed)).toEqual({ message: expect.any(String) });
        expect(await db.select().from(processedEvents).where(eq(processedEvents.id, event!.id))).toEqual([]);
        const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
        expect(session!.status).toBe('open');
        expect(await balance(t, u.id)).toBe(0);
      } finally {
        await db.execute(sql.raw('DROP TRIGGER IF EXISTS fail_grant ON credit_ledger'));
        await db.execute(sql.raw('DROP FUNCTION IF EXISTS fail_grant()'));
      }
      expect((await deliver(event!)).status).toBe(200);
      expect((await deliver(event!)).status).toBe(200);
      expect(await balance(t, u.id)).toBe(1000);
      const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      expect(session!.status).toBe('paid');
    });

    it('a run whose reservation fails leaves no prediction row behind', async () => {
      const tool = toolByKey('text-to-text');
      const u = await t.user({ credits: tool.cost - 1 });
      const res = await t.request('/api/generate/text', {
        token: u.token,
        body: { modelId: tool.id, input: { prompt: 'hello' } },
      });
      expect(res.status).toBe(402);
      expect(await json(res)).toEqual({ message: expect.any(String) });
      expect(await t.runtime.deps.db.select().from(predictions).where(eq(predictions.userId, u.id))).toEqual([]);
      expect(await balance(t, u.id)).toBe(tool.cost - 1);
    });
  });
}
