/**
 * The checkout against the real server with the local payment provider: a verified user buys a
 * credit pack and subscribes to Pro monthly, paying on the server's own hosted checkout page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, desktop, openPage, screenshot, setupBrowser } from './browser';

const { browser } = setupBrowser();

interface OutboxEntry {
  to: string;
  links: string[];
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init.headers },
  });
}

/** Registers through the API and opens the verification link found in the local outbox. */
async function verifiedUser(email: string, password: string): Promise<void> {
  expect((await api('/api/auth/register', { method: 'POST', body: JSON.stringify({ email, password }) })).status).toBe(
    201,
  );
  const outbox = (await (await api('/dev/outbox?format=json')).json()) as OutboxEntry[];
  const link = outbox.find((m) => m.to === email)?.links[0];
  expect(link).toBeDefined();
  const { pathname } = new URL(link!);
  expect(pathname).toMatch(/^\/verify-email\//);
  expect((await api(`/api/auth${pathname}`)).status).toBe(200);
}

async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // A free user goes to the plan chooser after signing in (spec §4).
  await expect.poll(() => new URL(page.url()).pathname).toBe('/subscribe');
}

/** On the server's hosted checkout page: pay and come back to the app. */
async function pay(page: Page, amount: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\/.+/);
  const button = page.getByRole('button', { name: `Pay ${amount}` });
  await expect.poll(() => button.isVisible()).toBe(true);
  await button.click();
}

const balance = (page: Page) =>
  page
    .getByLabel(/^Credit balance:/)
    .first()
    .getAttribute('aria-label');

describe('checkout with the local payment provider', () => {
  it('buys the 1,000-credit pack, then subscribes to Pro monthly', async () => {
    const email = `buyer-${Date.now()}@example.com`;
    const password = 'a long passphrase';
    await verifiedUser(email, password);

    const page = await openPage(browser(), desktop, '/login');
    await loginThroughUi(page, email, password);
    await expect.poll(() => balance(page)).toBe('Credit balance: 50 credits');

    // Credit pack: /credits → hosted checkout → Pay → / with the notice and the new balance.
    await page.goto('/credits');
    await page.getByRole('button', { name: 'Buy 1,000 credits' }).click();
    await pay(page, '$15.00');
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/?checkout=success`);
    await expect.poll(() => page.getByText('Payment successful. Your credits have been added.').isVisible()).toBe(true);
    await expect.poll(() => balance(page)).toBe('Credit balance: 1050 credits');
    await screenshot(page, 'checkout-pack-success');

    // Subscription: /subscribe, monthly → hosted checkout → Pay → /settings on the Pro plan.
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
    await pay(page, '$35.00');
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/settings?checkout=success`);
    await expect.poll(() => page.getByText('Your subscription is active.').isVisible()).toBe(true);
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect.poll(() => billing.getByText('Current plan').locator('xpath=..').textContent()).toContain('Pro');
    await screenshot(page, 'checkout-subscription-success');

    await page.goto('/subscribe');
    const pro = page.getByRole('region', { name: 'Pro' }).getByRole('button');
    await expect.poll(() => pro.textContent()).toBe('Current Plan');
    expect(await pro.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Subscribe to Standard' }).isEnabled()).toBe(true);
    await page.context().close();
  });
});
