/**
 * A whole journey on the real path, with all three origin settings (REPLICATE_BASE_URL, OPENAI_BASE_URL,
 * STRIPE_API_BASE) pointing at the providers' contract fakes: register and verify, sync Stripe's prices,
 * subscribe and buy a pack (signed webhooks grant the credits), then run every tool (on the first database; one of
 * each provider on another). The balance follows the
 * grants and the costs, each fake refused nothing, and the outbound guard saw no host but the three fakes'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createProviders } from '../../server/bootstrap';
import { buildLocalEvents, type LocalCheckoutRecord } from '../../server/payments/local';
import { signStripePayload } from '../../server/payments/signature';
import { createStripeClient } from '../../server/payments/stripe';
import { syncStripeCatalog } from '../../server/payments/stripe-sync';
import type { OutboxEntry } from '../../server/services/mail';
import { tools } from '../../src/catalog';
import { startFakeOpenAI, type FakeOpenAI } from './fakes/openai';
import { startFakeReplicate, type FakeReplicate } from './fakes/replicate';
import { startStripeFake, type StripeFake } from './fakes/stripe';
import { backends, json, setupApp, sharedTestPool } from './helpers';
import { guardOutbound, providerEnv, runEveryTool, type OutboundGuard } from './real-path';

const WEBHOOK_SECRET = 'whsec_journey';
let replicate: FakeReplicate;
let openai: FakeOpenAI;
let stripe: StripeFake;
let guard: OutboundGuard;
const fakeHosts = () => [replicate.origin, openai.origin, stripe.url].map((origin) => new URL(origin).host);

beforeAll(async () => {
  [replicate, openai, stripe] = await Promise.all([startFakeReplicate(), startFakeOpenAI(), startStripeFake()]);
  guard = guardOutbound(fakeHosts);
  // The operator's `npm run stripe:sync`, against the fake.
  await syncStripeCatalog(createStripeClient('sk_test_journey', stripe.url));
});
afterAll(async () => {
  guard.restore();
  await Promise.all([replicate.close(), openai.close(), stripe.close()]);
});

/**
 * Every tool runs once, on the first database (tests/e2e/real-tools.test.ts runs each real one from its page too);
 * on another database the journey runs one tool of each provider, enough for its money path.
 */
const toolsOn = (backend: string) =>
  backend === backends[0]
    ? tools
    : [
        tools.find((x) => x.provider === 'replicate' && x.replicate !== 'server')!,
        tools.find((x) => x.provider === 'openai')!,
      ];

for (const backend of backends) {
  describe(`a whole journey against the three providers’ fakes (${backend})`, () => {
    const env: Record<string, string> = {
      RATE_LIMIT_GENERATE: '1000',
      STRIPE_SECRET_KEY: 'sk_test_journey',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    };
    beforeAll(() => {
      env['STRIPE_API_BASE'] = stripe.url;
      Object.assign(env, providerEnv(replicate, openai));
    });
    const t = setupApp(backend, {
      env,
      providers: () => createProviders(loadConfig({ ...env, DATA_DIR: '/tmp/atelier-unused' }), sharedTestPool()),
    });

    /** What Stripe sends once the checkout is paid: its events, signed, as the webhook route receives them. */
    async function pay(sessionId: string, user: { id: string; email: string }) {
      const sent = stripe.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
      const metadata = sent.params['metadata'] as Record<string, string>;
      expect(metadata['userId']).toBe(user.id);
      const record: LocalCheckoutRecord = {
        sessionId,
        kind: metadata['kind'] === 'subscription' ? 'subscription' : 'pack',
        userId: user.id,
        email: user.email,
        description: 'Atelier',
        amountCents: 1500,
        currency: 'usd',
        credits: Number(metadata['credits']),
        ...(metadata['priceId'] ? { priceId: metadata['priceId'] } : {}),
        ...(metadata['planId'] ? { planId: metadata['planId'] as 'standard' } : {}),
        ...(metadata['billingCycle'] ? { billingCycle: metadata['billingCycle'] as 'monthly' } : {}),
        metadata,
        successUrl: String(sent.params['success_url']),
        cancelUrl: String(sent.params['cancel_url']),
        createdAt: t.now,
      };
      for (const event of buildLocalEvents(record, t.now)) {
        const body = JSON.stringify(event);
        const hook = await t.request('/api/stripe/webhook', {
          body,
          headers: { 'stripe-signature': signStripePayload(WEBHOOK_SECRET, body) },
        });
        expect(await json(hook), event.type).toEqual({ received: true, outcome: 'processed' });
      }
      return record.credits;
    }

    it('register, subscribe, buy a pack, run every tool: the balance follows and nothing leaves for another host', async () => {
      const email = 'journey@example.com';
      const stripeRequestsBefore = stripe.requests.length;
      expect((await t.request('/api/auth/register', { body: { email, password: 'correct horse' } })).status).toBe(201);
      const [mail] = await json<OutboxEntry[]>(await t.request('/dev/outbox'));
      const verify = await t.request(`/api/auth/verify-email/${mail!.links[0]!.split('/').pop()!}`);
      expect(verify.status).toBe(200);
      const login = await t.request('/api/auth/login', { body: { email, password: 'correct horse' } });
      const { token } = await json<{ token: string }>(login);
      const account = async () =>
        json<{ id: string; credits: number; subscription: { plan: string } }>(
          await t.request('/api/auth/user', { token }),
        );
      const user = await account();
      expect(user.credits).toBe(t.config.freeCredits);
      const me = { id: user.id, email };

      const subscribe = await t.request('/api/stripe/create-subscription', {
        token,
        body: { planId: 'standard', billingCycle: 'monthly' },
      });
      expect(subscribe.status).toBe(200);
      const plan = await pay((await json<{ sessionId: string }>(subscribe)).sessionId, me);
      const pack = await t.request('/api/stripe/create-checkout-session', {
        token,
        body: { priceId: 'price_credits_1000' },
      });
      expect(pack.status).toBe(200);
      const packCredits = await pay((await json<{ sessionId: string }>(pack)).sessionId, me);
      expect([plan, packCredits]).toEqual([1000, 1000]);
      const granted = t.config.freeCredits + plan + packCredits;
      expect(await account()).toMatchObject({ credits: granted, subscription: { plan: 'standard' } });

      const replicateCreates = () =>
        replicate.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
      const [createsBefore, chatsBefore] = [replicateCreates().length, openai.requests.length];
      const ran = toolsOn(backend);
      await runEveryTool(t, token, ran);
      const spent = ran.reduce((sum, tool) => sum + tool.cost, 0);
      expect((await account()).credits).toBe(granted - spent);
      // One prediction per Replicate tool (Video Editing runs on the server), one chat per OpenAI tool.
      expect(replicateCreates().length - createsBefore).toBe(
        ran.filter((x) => x.provider === 'replicate' && x.replicate !== 'server').length,
      );
      expect(openai.requests.length - chatsBefore).toBe(ran.filter((x) => x.provider === 'openai').length);

      expect(stripe.requests.filter((r) => r.problems.length > 0)).toEqual([]);
      const checkouts = stripe.requests.slice(stripeRequestsBefore).filter((r) => r.path === '/v1/checkout/sessions');
      expect(checkouts).toHaveLength(2);
      expect(replicate.problems()).toEqual([]);
      expect(openai.problems()).toEqual([]);
      expect([...guard.hosts].sort()).toEqual(fakeHosts().sort());
    }, 60_000);
  });
}
