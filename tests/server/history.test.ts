/**
 * The credit history (GET /api/users/credits/history), the checkout status the return page polls
 * (GET /api/stripe/checkout-session/{id}), the subscription credit dates on the user, and the local
 * checkout's delayed webhook; the history as CSV and a month's spending by tool.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CheckoutStatus, CreditHistoryAnswer, User, type CreditEntry } from '../../src/api/schemas';
import { toolByKey } from '../../src/catalog';
import { ledgerSum } from '../../server/services/credits';
import { openApiDocument } from '../../server/openapi';
import { csvCell } from '../../server/services/credit-history';
import { balance, embedded, json, payCheckout, setupApp, type TestContext } from './helpers';
import { seedRun } from './history-fixtures';

/** Buys through the local checkout (Pay with the link's one-time key); the checkout session's id and link. */
async function buyWithLink(t: TestContext, token: string, path: string, body: unknown) {
  const { sessionId, url } = await json<{ sessionId: string; url: string }>(await t.request(path, { token, body }));
  const pay = await payCheckout(t, url);
  expect(pay.status).toBe(303);
  return { sessionId, url };
}
const buy = async (t: TestContext, token: string, path: string, body: unknown): Promise<string> =>
  (await buyWithLink(t, token, path, body)).sessionId;
const buyPack = (t: TestContext, token: string) =>
  buy(t, token, '/api/stripe/create-checkout-session', { priceId: 'price_credits_1000', credits: 1000 });
const subscribe = (t: TestContext, token: string, planId: string, billingCycle = 'monthly') =>
  buy(t, token, '/api/stripe/create-subscription', { planId, billingCycle });

async function history(t: TestContext, token: string, query = ''): Promise<CreditHistoryAnswer> {
  const res = await t.request(`/api/users/credits/history${query}`, { token });
  expect(res.status).toBe(200);
  return v.parse(CreditHistoryAnswer, await res.json());
}

async function allEntries(t: TestContext, token: string, limit: number): Promise<CreditEntry[]> {
  const entries: CreditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: CreditHistoryAnswer = await history(t, token, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

for (const backend of embedded) {
  describe(`credit history (${backend})`, () => {
    const t = setupApp(backend);

    it('lists pack, subscription grant, expiry and a tool run newest first, with a running balance', async () => {
      const u = await t.user({ credits: 40 });
      await buyPack(t, u.token);
      await subscribe(t, u.token, 'standard');
      const tool = toolByKey('text-to-image');
      const gen = await t.request('/api/generate/image', {
        token: u.token,
        body: { provider: 'replicate', modelId: tool.id, cost: tool.cost, input: { prompt: 'a fox' } },
      });
      expect(gen.status).toBe(200);
      await subscribe(t, u.token, 'pro');

      const { entries, nextCursor } = await history(t, u.token);
      expect(nextCursor).toBeNull();
      const shown = await json<{ credits: number }>(await t.request('/api/users/credits', { token: u.token }));
      expect(entries[0]!.balance).toBe(shown.credits);
      expect(shown.credits).toBe(await ledgerSum(t.runtime.deps.db, u.id));
      // Standard's 1,000 less the run were unspent: they expire, then Pro grants 2,500.
      expect(entries.map((e) => [e.kind, e.delta])).toEqual([
        ['subscription', 2500],
        ['expire', -(1000 - tool.cost)],
        ['spend', -tool.cost],
        ['subscription', 1000],
        ['pack', 1000],
        ['pack', 40],
      ]);
      expect(shown.credits).toBe(40 + 1000 + 2500);
      const run = entries[2]!;
      expect(run.tool).toBe(tool.title);
      expect(run.predictionId).toMatch(/.+/);
      expect(entries[4]!.pack).toBe('Starter Pack');
      // Each balance is the one below it plus the entry's change.
      for (let i = 0; i < entries.length - 1; i++)
        expect(entries[i]!.balance).toBe(entries[i + 1]!.balance + entries[i]!.delta);
      expect(entries.at(-1)!.balance).toBe(40);
      const times = entries.map((e) => Date.parse(e.at));
      expect(times.every((ms, i) => i === 0 || ms <= times[i - 1]!)).toBe(true);
    });

    it('pages with a server cursor: every entry exactly once, newest first', async () => {
      const u = await t.user({ credits: 5 });
      for (let i = 0; i < 3; i++) await buyPack(t, u.token);
      const first = await history(t, u.token, '?limit=2');
      expect(first.entries).toHaveLength(2);
      expect(first.nextCursor).toBe(first.entries[1]!.id);
      const entries = await allEntries(t, u.token, 2);
      expect(entries.map((e) => e.delta)).toEqual([1000, 1000, 1000, 5]);
      expect(new Set(entries.map((e) => e.id)).size).toBe(4);
      expect(entries.map((e) => e.balance)).toEqual([3005, 2005, 1005, 5]);
      expect((await history(t, u.token, `?cursor=${entries.at(-1)!.id}`)).entries).toEqual([]);
    });

    it('a failed run shows the spend and its refund, both naming the tool', async () => {
      const u = await t.user({ credits: 100 });
      const tool = toolByKey('text-to-image');
      const { db } = t.runtime.deps;
      const { spendCredits, refundCredits } = await import('../../server/services/credits');
      const { predictions } = await import('../../server/db/schema');
      await db.insert(predictions).values({
        id: 'pred_test_1',
        userId: u.id,
        toolKey: tool.key,
        modelId: tool.id,
        status: 'failed',
        cost: tool.cost,
        deadlineAt: t.now,
      });
      await spendCredits(db, u.id, tool.cost, 'prediction:pred_test_1');
      await refundCredits(db, u.id, tool.cost, 'refund:pred_test_1');
      const { entries } = await history(t, u.token);
      expect(entries.slice(0, 2).map((e) => [e.kind, e.delta, e.tool, e.predictionId])).toEqual([
        ['refund', tool.cost, tool.title, 'pred_test_1'],
        ['spend', -tool.cost, tool.title, 'pred_test_1'],
      ]);
      expect(entries[0]!.balance).toBe(100);
    });

    it('only the signed-in user sees their own history; bad cursors and limits answer 400', async () => {
      const a = await t.user({ credits: 10 });
      const b = await t.user({ credits: 20 });
      expect((await history(t, b.token)).entries.map((e) => e.delta)).toEqual([20]);
      expect((await history(t, a.token)).entries.map((e) => e.delta)).toEqual([10]);
      expect((await t.request('/api/users/credits/history')).status).toBe(401);
      for (const q of ['?cursor=abc', '?cursor=0', '?limit=0', '?limit=101', '?limit=x'])
        expect((await t.request(`/api/users/credits/history${q}`, { token: a.token })).status).toBe(400);
    });

    it('the checkout status says what was bought and when its credits have landed; only for its buyer', async () => {
      const u = await t.user();
      const other = await t.user();
      const sessionId = await buyPack(t, u.token);
      const res = await t.request(`/api/stripe/checkout-session/${sessionId}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(v.parse(CheckoutStatus, await res.json())).toEqual({
        sessionId,
        kind: 'pack',
        status: 'paid',
        fulfilled: true,
        credits: 1000,
        planId: null,
        billingCycle: null,
        priceId: 'price_credits_1000',
        balance: 1000,
      });
      expect((await t.request(`/api/stripe/checkout-session/${sessionId}`, { token: other.token })).status).toBe(404);
      expect((await t.request(`/api/stripe/checkout-session/${sessionId}`)).status).toBe(401);

      const plan = await subscribe(t, u.token, 'pro');
      const status = await json<CheckoutStatus>(
        await t.request(`/api/stripe/checkout-session/${plan}`, { token: u.token }),
      );
      expect(status).toMatchObject({ kind: 'subscription', planId: 'pro', billingCycle: 'monthly', fulfilled: true });
      expect(status.balance).toBe(3500);
    });

    it('the user carries the unspent subscription credits, when they expire and the next grant', async () => {
      const u = await t.user({ credits: 40 });
      const free = v.parse(User, await (await t.request('/api/auth/user', { token: u.token })).json());
      expect(free.subscription).toMatchObject({ subscriptionCredits: 0, nextGrantAt: null, creditsExpireAt: null });
      await subscribe(t, u.token, 'standard');
      const me = v.parse(User, await (await t.request('/api/auth/user', { token: u.token })).json());
      expect(me.subscription?.subscriptionCredits).toBe(1000);
      expect(me.subscription?.nextGrantAt).toBe(me.subscription?.nextBillingDate);
      expect(me.subscription?.creditsExpireAt).toBe(me.subscription?.nextBillingDate);
      await t.request('/api/stripe/cancel-subscription', { token: u.token, method: 'POST' });
      const cancelled = v.parse(User, await (await t.request('/api/auth/user', { token: u.token })).json());
      expect(cancelled.subscription).toMatchObject({ plan: 'standard', nextGrantAt: null, subscriptionCredits: 1000 });
      expect(cancelled.subscription?.creditsExpireAt).toBe(cancelled.subscription?.cancelAt);
    });

    it('an annual plan: the next monthly grant comes before the renewal, also after cancelling', async () => {
      const u = await t.user();
      await subscribe(t, u.token, 'standard', 'annually');
      const me = v.parse(User, await (await t.request('/api/auth/user', { token: u.token })).json());
      const sub = me.subscription!;
      expect(sub.subscriptionCredits).toBe(1000);
      expect(Date.parse(sub.nextGrantAt!)).toBeLessThan(Date.parse(sub.nextBillingDate!));
      expect(sub.creditsExpireAt).toBe(sub.nextGrantAt);
      await t.request('/api/stripe/cancel-subscription', { token: u.token, method: 'POST' });
      const cancelled = v.parse(User, await (await t.request('/api/auth/user', { token: u.token })).json());
      expect(cancelled.subscription?.nextGrantAt).toBe(sub.nextGrantAt);
      expect(cancelled.subscription?.cancelAt).toBe(sub.nextBillingDate);
    });

    it('CREDITS-7: the history downloads as CSV, oldest first, quoted per RFC 4180; its last balance is the balance', async () => {
      const u = await t.user({ credits: 40 });
      await buyPack(t, u.token);
      const tool = toolByKey('text-to-image');
      const gen = await t.request('/api/generate/image', {
        token: u.token,
        body: { provider: 'replicate', modelId: tool.id, cost: tool.cost, input: { prompt: 'a fox' } },
      });
      expect(gen.status).toBe(200);
      const res = await t.request('/api/users/credit-history.csv', { token: u.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="atelier-credit-history.csv"');
      const csv = await res.text();
      expect(csv.endsWith('\r\n')).toBe(true);
      const rows = csv
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(','));
      expect(rows[0]).toEqual(['date', 'description', 'change', 'balance']);
      expect(rows.slice(1).map((r) => [r[1], r[2]])).toEqual([
        ['Credit pack', '40'],
        ['Credit pack: Starter Pack', '1000'],
        [`Tool run: ${tool.title}`, String(-tool.cost)],
      ]);
      const shown = await json<{ credits: number }>(await t.request('/api/users/credits', { token: u.token }));
      expect(Number(rows.at(-1)![3])).toBe(shown.credits);
      expect(rows.slice(1).every((r) => !Number.isNaN(Date.parse(r[0]!)))).toBe(true);
      expect((await t.request('/api/users/credit-history.csv')).status).toBe(401);
    });

    it('CREDITS-7: a CSV cell that could run as a formula starts with a quote mark; commas, quotes and line breaks are quoted', () => {
      expect(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx'].map((c) => csvCell(c))).toEqual([
        "'=SUM(A1)",
        "'+1",
        "'-2+3",
        "'@cmd",
        "'\tx",
      ]);
      expect(csvCell('a, b')).toBe('"a, b"');
      expect(csvCell('say "hi"')).toBe('"say ""hi"""');
      expect(csvCell('=1,2')).toBe(`"'=1,2"`);
      expect(csvCell('two\nlines')).toBe('"two\nlines"');
      expect(csvCell(-5)).toBe('-5');
    });

    it('CREDITS-8: spending by tool for a month: refunded runs and other months are left out', async () => {
      const u = await t.user({ credits: 1000 });
      const { refundCredits } = await import('../../server/services/credits');
      const inMarch = (d: number) => new Date(Date.UTC(2026, 2, d, 12));
      const image = toolByKey('text-to-image');
      const text = toolByKey('text-to-text');
      await seedRun(t, u.id, 'text-to-image', { prompt: 'a', createdAt: inMarch(1) });
      await seedRun(t, u.id, 'text-to-image', { prompt: 'b', createdAt: inMarch(31) });
      await seedRun(t, u.id, 'text-to-text', { prompt: 'c', createdAt: inMarch(15) });
      const failed = await seedRun(t, u.id, 'text-to-text', { prompt: 'd', status: 'failed', createdAt: inMarch(16) });
      await refundCredits(t.runtime.deps.db, u.id, text.cost, `refund:${failed.id}`);
      await seedRun(t, u.id, 'text-to-image', { prompt: 'e', createdAt: new Date(Date.UTC(2026, 3, 1, 0, 0, 1)) });

      const res = await t.request('/api/users/spending?month=2026-03', { token: u.token });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({
        month: '2026-03',
        total: 2 * image.cost + text.cost,
        tools: [
          { tool: 'text-to-image', title: image.title, runs: 2, credits: 2 * image.cost },
          { tool: 'text-to-text', title: text.title, runs: 1, credits: text.cost },
        ],
      });
      const empty = await json(await t.request('/api/users/spending?month=2025-12', { token: u.token }));
      expect(empty).toEqual({ month: '2025-12', total: 0, tools: [] });
      expect((await t.request('/api/users/spending?month=2026-13', { token: u.token })).status).toBe(400);
      const other = await t.user();
      const theirs = await json(await t.request('/api/users/spending?month=2026-03', { token: other.token }));
      expect(theirs).toMatchObject({ total: 0 });
    });

    it('the history is in the OpenAPI document', () => {
      const doc = openApiDocument('http://localhost:3000') as { paths: Record<string, Record<string, unknown>> };
      expect(doc.paths['/api/users/credits/history']?.['get']).toBeDefined();
      expect(doc.paths['/api/stripe/checkout-session/{id}']?.['get']).toBeDefined();
    });
  });

  describe(`local checkout with a webhook delay (${backend})`, () => {
    const t = setupApp(backend, { env: { LOCAL_CHECKOUT_WEBHOOK_DELAY_MS: '50' } });

    it('sends the buyer back first and grants once the delayed webhook lands', async () => {
      const u = await t.user();
      const { sessionId, url } = await buyWithLink(t, u.token, '/api/stripe/create-checkout-session', {
        priceId: 'price_credits_1000',
        credits: 1000,
      });
      const status = () =>
        t.request(`/api/stripe/checkout-session/${sessionId}`, { token: u.token }).then((r) => json<CheckoutStatus>(r));
      expect((await status()).fulfilled).toBe(false);
      expect(await balance(t, u.id)).toBe(0);
      // Pressing Pay again while the webhook is on its way grants nothing more.
      expect((await payCheckout(t, url)).status).toBe(303);
      await expect.poll(async () => (await status()).fulfilled, { timeout: 3000, interval: 20 }).toBe(true);
      expect(await balance(t, u.id)).toBe(1000);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await balance(t, u.id)).toBe(1000);
    });
  });
}
