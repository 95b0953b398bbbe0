/**
 * The checkout against the real server with the local payment provider: subscribing, the return
 * from the hosted checkout (waiting for the webhook's grant, the new balance, the address cleaned),
 * a plan change explained before paying, packs bought once however often Pay or the webhook
 * comes, cancelling, and the credit history whose running balance is the balance shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signStripePayload } from '../../server/payments/signature';
import { api, balance, verifiedUser } from './accounts';
import { baseUrl, desktop, screenshot, setupBrowser } from './browser';
import { startServer, type ServerProcess } from './server-process';

const { browser } = setupBrowser();

/** A fresh context on `base`, signed in through the login page as a new verified free user. */
async function signedInFreeUser(b: Browser, base: string, name: string): Promise<Page> {
  const email = `${name}-${Date.now()}@example.com`;
  const password = 'a long passphrase';
  await verifiedUser(email, password, base);
  const context = await b.newContext({ viewport: desktop, baseURL: base, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // A free user goes to the plan chooser after signing in (AUTH-4).
  await expect.poll(() => new URL(page.url()).pathname).toBe('/subscribe');
  await expect.poll(() => balance(page)).toBe(50);
  return page;
}

/** On the server's hosted checkout page: pay (twice when asked: a double click) and come back. */
async function pay(page: Page, amount: string, { twice = false } = {}): Promise<string> {
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\/.+/);
  const sessionId = new URL(page.url()).pathname.split('/')[2]!;
  const button = page.getByRole('button', { name: `Pay ${amount}` });
  await expect.poll(() => button.isVisible()).toBe(true);
  if (twice) await button.dblclick();
  else await button.click();
  return sessionId;
}

/** The paths of the documents the page loads from now on (a reload counts as one more). */
function documentLoads(page: Page): () => string[] {
  const loaded: string[] = [];
  page.on('load', () => loaded.push(new URL(page.url()).pathname));
  return () => loaded;
}

const returnNotice = (page: Page) => page.getByTestId('checkout-return');
const returnState = (page: Page) => returnNotice(page).getAttribute('data-state');

/** The credit history rows of Settings › Billing: [what, change, balance]. */
async function historyRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Credit history' });
  await expect.poll(() => table.isVisible(), { timeout: 10_000 }).toBe(true);
  const rows = table.locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = await rows.nth(i).locator('td').allTextContents();
    out.push(cells.slice(1));
  }
  return out;
}

describe('checkout with the local payment provider', () => {
  it('a visitor who chooses a plan is asked to sign in', async () => {
    const context = await browser().newContext({ viewport: desktop, baseURL: baseUrl(), reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
    // The login dialog (not the register one): its title, its Login button, and no other dialog.
    const login = page.getByRole('dialog', { name: 'Sign In' });
    await expect.poll(() => login.isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await login.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(await login.getByLabel('Password').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    await context.close();
  }, 60_000);

  it('free → Pro monthly → 1,000 pack (Pay pressed twice) → history → cancel', async () => {
    const page = await signedInFreeUser(browser(), baseUrl(), 'buyer');

    // Before paying, the plan says what it grants.
    await page.getByRole('button', { name: 'Monthly' }).click();
    await expect
      .poll(() => page.getByTestId('plan-change-pro').textContent())
      .toBe('Pro grants 2,500 credits now and every month.');
    await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\/.+/);
    await page.waitForLoadState('load');
    const loads = documentLoads(page);
    await pay(page, '$35.00');

    // Back on /subscribe: the return says what was bought and the new balance; the address is clean.
    await expect.poll(() => returnState(page), { timeout: 20_000 }).toBe('granted');
    expect(await returnNotice(page).textContent()).toContain('the Pro plan, billed monthly');
    expect(await returnNotice(page).textContent()).toContain('Your balance is now 2,550 credits.');
    await expect.poll(() => balance(page)).toBe(2550);
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/subscribe`);
    // One document since Pay: the return itself; the new balance and the clean address came without a reload.
    expect(loads()).toEqual(['/subscribe']);
    const pro = page.getByRole('region', { name: 'Pro' }).getByRole('button');
    await expect.poll(() => pro.textContent()).toBe('Current Plan');
    expect(await pro.isDisabled()).toBe(true);
    await screenshot(page, 'checkout-subscription-return');

    // A pack, Pay pressed twice: +1,000 exactly once.
    await page.goto('/credits');
    await page.getByRole('button', { name: 'Buy 1,000 credits' }).click();
    await pay(page, '$15.00', { twice: true });
    await expect.poll(() => returnState(page), { timeout: 20_000 }).toBe('granted');
    expect(await returnNotice(page).textContent()).toContain('Starter Pack (1,000 credits)');
    await expect.poll(() => balance(page)).toBe(3550);
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/credits`);

    // The history: each step with a running balance equal to the balance shown.
    await page.goto('/settings');
    const rows = await historyRows(page);
    expect(rows).toEqual([
      ['Credit pack: Starter Pack', '+1,000', '3,550'],
      ['Subscription credits', '+2,500', '2,550'],
      ['Free credits on sign-up', '+50', '50'],
    ]);
    expect(await page.getByTestId('billing-balance').textContent()).toBe('3,550 credits');
    expect(await balance(page)).toBe(3550);
    const nextGrant = await page.getByTestId('next-grant').textContent();
    expect(nextGrant).toMatch(/\d{4}$/);
    expect(await page.getByTestId('credits-expire').textContent()).toBe(nextGrant);
    await screenshot(page, 'billing-history');

    // Cancel: the plan stays until the next billing date.
    const billing = page.getByRole('region', { name: 'Billing' });
    const nextBilling = await billing.getByText('Next billing date').locator('xpath=..').textContent();
    const date = nextBilling!.replace('Next billing date', '').trim();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect
      .poll(() => page.getByRole('dialog').textContent())
      .toContain(`Your Pro plan and its credits stay until ${date}`);
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect
      .poll(() => billing.getByText(/^Cancelled:/).textContent(), { timeout: 20_000 })
      .toBe(`Cancelled: your Pro plan and its credits stay until ${date}; then you move to the Free plan.`);
    expect(await billing.getByText('Current plan').locator('xpath=..').textContent()).toContain('Pro');
    await page.context().close();
  }, 180_000);

  it('Standard → Pro explains the expiry before paying; the history shows the expiry and the grant', async () => {
    const page = await signedInFreeUser(browser(), baseUrl(), 'upgrader');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: 'Subscribe to Standard' }).click();
    await pay(page, '$15.00');
    await expect.poll(() => returnState(page), { timeout: 20_000 }).toBe('granted');
    await expect.poll(() => balance(page)).toBe(1050);

    await expect
      .poll(() => page.getByTestId('plan-change-pro').textContent())
      .toBe('Your 1,000 unused Standard credits expire; Pro grants 2,500 credits now and every month.');
    await screenshot(page, 'plan-change-explained');
    await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
    await pay(page, '$35.00');
    await expect.poll(() => returnState(page), { timeout: 20_000 }).toBe('granted');
    await expect.poll(() => balance(page)).toBe(2550);

    await page.goto('/settings');
    const rows = await historyRows(page);
    expect(rows.slice(0, 3)).toEqual([
      ['Subscription credits', '+2,500', '2,550'],
      ['Unused subscription credits expired', '−1,000', '50'],
      ['Subscription credits', '+1,000', '1,050'],
    ]);
    expect(rows[0]![2]).toBe((await page.getByTestId('billing-balance').textContent())!.replace(' credits', ''));
    await page.context().close();
  }, 180_000);
});

describe('checkout when the webhook comes after the buyer is back (as with Stripe)', () => {
  let server: ServerProcess;
  const secret = 'whsec_e2e_delayed_webhook';
  beforeAll(async () => {
    server = await startServer({ LOCAL_CHECKOUT_WEBHOOK_DELAY_MS: '5000', STRIPE_WEBHOOK_SECRET: secret });
  }, 120_000);
  afterAll(() => server?.stop());

  it('the return page waits, then shows the new balance; a replayed webhook grants nothing more', async () => {
    const page = await signedInFreeUser(browser(), server.baseUrl, 'patient');
    await page.goto('/credits');
    await page.getByRole('button', { name: 'Buy 1,000 credits' }).click();
    const sessionId = await pay(page, '$15.00', { twice: true });

    await expect.poll(() => returnState(page), { timeout: 10_000 }).toBe('waiting');
    expect(await returnNotice(page).textContent()).toMatch(/Starter Pack \(1,000 credits\)|Confirming your payment/);
    expect(new URL(page.url()).searchParams.get('checkout')).toBe('success');
    expect(await balance(page)).toBe(50);
    // A mark on this document while it waits: a reload (or a navigation that loads the app again)
    // would lose it before the new balance shows.
    await page.evaluate(() => ((window as { checkoutReturnMark?: string }).checkoutReturnMark = 'still here'));
    await screenshot(page, 'checkout-return-waiting');

    await expect.poll(() => returnState(page), { timeout: 20_000 }).toBe('granted');
    expect(await returnNotice(page).textContent()).toContain('Your balance is now 1,050 credits.');
    await expect.poll(() => balance(page)).toBe(1050);
    await expect.poll(() => page.url()).toBe(`${server.baseUrl}/credits`);
    // The balance rose and the address was cleaned without reloading the page.
    expect(await page.evaluate(() => (window as { checkoutReturnMark?: string }).checkoutReturnMark)).toBe(
      'still here',
    );

    // The same payment delivered again (same event, and under a new event id): still +1,000 once.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const { body: me } = await api<{ id: string }>('/api/auth/user', { base: server.baseUrl, token });
    for (const eventId of ['evt_e2e_replay', 'evt_e2e_replay', 'evt_e2e_replay_2']) {
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'paid',
            client_reference_id: me.id,
            metadata: { userId: me.id, kind: 'pack', priceId: 'price_credits_1000', credits: '1000' },
          },
        },
      });
      const res = await api('/api/stripe/webhook', {
        base: server.baseUrl,
        rawBody: body,
        headers: { 'stripe-signature': signStripePayload(secret, body) },
      });
      expect(res.status).toBe(200);
    }
    const { body: credits } = await api<{ credits: number }>('/api/users/credits', { base: server.baseUrl, token });
    expect(credits.credits).toBe(1050);
    await page.goto('/settings');
    expect(await historyRows(page)).toEqual([
      ['Credit pack: Starter Pack', '+1,000', '1,050'],
      ['Free credits on sign-up', '+50', '50'],
    ]);
    await page.context().close();
  }, 120_000);
});
