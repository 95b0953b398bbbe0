import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { machines as registry } from '../../machines';
import { allStates, toFlowGraph } from '../../src/features/flows/graph';
import { desktop, openPage, phone, screenshot, setupBrowser } from './browser';

const { browser } = setupBrowser();

/** Every request the page makes; anything not to the app server is refused and recorded. */
async function offline(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  return outside;
}

describe('flows viewer', () => {
  it('at 1280: lists the machines, draws the chosen one and makes no outside request', async () => {
    const page = await openPage(browser(), desktop, 'about:blank');
    const outside = await offline(page);
    await page.goto('/flows');
    await expect.poll(() => page.getByRole('heading', { name: 'Flows', level: 1 }).isVisible()).toBe(true);
    const machines = page.getByRole('region', { name: 'Machines' }).getByRole('link');
    await expect.poll(() => machines.count()).toBeGreaterThanOrEqual(11);
    await page.getByRole('link', { name: /^session\b/ }).click();
    await expect.poll(() => page.url()).toMatch(/\/flows\/session$/);
    const chart = page.getByRole('img', { name: /Statechart of session/ });
    await expect.poll(() => chart.isVisible(), { timeout: 20_000 }).toBe(true);
    const sessionStates = allStates(toFlowGraph(registry['session']!).root).length;
    await expect.poll(() => chart.locator('[data-state]').count()).toBe(sessionStates);
    expect(await chart.locator('[data-state="session.reading"]').getAttribute('data-active')).toBe('true');

    // One step: readToken answers no token, the visitor is signed out.
    await page.getByRole('button', { name: 'done readToken' }).click();
    await expect
      .poll(() => chart.locator('[data-state="session.signedOut.idle"]').getAttribute('data-active'))
      .toBe('true');

    // A state link selects it and keeps the address shareable.
    await page.getByRole('list', { name: 'Every state' }).getByRole('link', { name: 'signedIn', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/flows\/session\?state=signedIn$/);
    const states = page.getByRole('region', { name: 'States' });
    await expect.poll(() => states.getByText('A signed-in user with a credit balance').isVisible()).toBe(true);
    await screenshot(page, 'flows-session-desktop');
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('at 390: the same page fits a phone', async () => {
    const page = await openPage(browser(), phone, 'about:blank');
    const outside = await offline(page);
    await page.goto('/flows/session?state=signedOut.idle');
    const chart = page.getByRole('img', { name: /Statechart of session/ });
    await expect.poll(() => chart.isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'flows-session-phone');
    expect(outside).toEqual([]);
    await page.context().close();
  });
});
