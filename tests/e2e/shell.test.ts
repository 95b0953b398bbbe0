import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, screenshot, sizes, setupBrowser, desktop, phone, takeDroppedReports } from './browser';

const { browser } = setupBrowser();
const navLabels = ['All AI Tools', 'Image', 'Video', 'Text', 'Audio', '3D', 'Themes', 'Support'];

describe('layout shell at 1280', () => {
  it('NAV-1, NAV-2: shows the side navigation with every entry, Terms, Privacy, Sign In and Register for visitors', async () => {
    const page = await openPage(browser(), desktop, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of navLabels) {
      await expect.poll(() => nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    await expect.poll(() => nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.getByRole('link', { name: 'Terms' }).isVisible()).toBe(true);
    expect(await sidebar.getByRole('link', { name: 'Privacy' }).isVisible()).toBe(true);
    expect(await sidebar.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await sidebar.getByRole('button', { name: 'Register' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await screenshot(page, 'home-desktop');
    await page.context().close();
  });

  it('NAV-4: collapses to icons only and expands again', async () => {
    const page = await openPage(browser(), desktop, '/');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const openWidth = (await sidebar.boundingBox())?.width ?? 0;
    expect(openWidth).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThanOrEqual(72);
    // Labels are gone, the icon links remain and keep their accessible names.
    expect(await sidebar.getByText('All AI Tools', { exact: true }).count()).toBe(0);
    const links = sidebar.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect(await links.count()).toBe(navLabels.length);
    expect(await links.first().locator('svg').isVisible()).toBe(true);
    await screenshot(page, 'home-desktop-collapsed');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => sidebar.getByText('All AI Tools', { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('NAV-5: keeps the content at most 1800 px wide on a wider screen', async () => {
    const page = await openPage(browser(), desktop, '/');
    await page.setViewportSize({ width: 2400, height: 900 });
    await expect.poll(async () => (await page.getByRole('main').boundingBox())?.width).toBeLessThanOrEqual(1800);
    expect((await page.getByRole('main').boundingBox())?.width).toBeGreaterThan(1700);
    await page.context().close();
  });
});

describe('layout shell at 390', () => {
  it('opens the drawer from the top bar, navigates and closes it', async () => {
    const page = await openPage(browser(), phone, '/');
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    for (const label of navLabels) {
      expect(await drawer.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'drawer-phone');
    await drawer.getByRole('link', { name: 'Support', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/support$/);
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { name: 'Support', level: 1 }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('closes the drawer with Escape', async () => {
    const page = await openPage(browser(), phone, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Menu' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);
    await screenshot(page, 'home-phone');
    await page.context().close();
  });
});

describe.each(sizes)('not-found page at %s', (_name, viewport) => {
  it('shows the not-found page inside the shell with a way home', async () => {
    const page = await openPage(browser(), viewport, '/no-such-page');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain('Create');
    await page.context().close();
  });
});

describe('the dropped-event report the suite asks every page for', () => {
  it('hears every page of every context: openPage, context.newPage() and a page the app opens', async () => {
    const report = 'atelier:dropped-event {"actor":"harness-check","event":"none","state":"none"}';
    const first = await openPage(browser(), desktop, '/');
    const context = await browser().newContext({ viewport: desktop, baseURL: baseUrl() });
    const second = await context.newPage();
    await second.goto('/');
    const popup = context.waitForEvent('page');
    await second.evaluate(() => window.open('/terms'));
    const third = await popup;
    await third.waitForLoadState();
    // Each page was given the inspector before it started (dropped-report.ts), and it reports on its own.
    for (const page of [first, second, third])
      expect(await page.evaluate(() => typeof window.__atelierTest?.inspect)).toBe('function');
    const checked = await first.evaluate(() => {
      const heardHere: string[] = [];
      const warn = console.warn;
      console.warn = (...args: unknown[]) => heardHere.push(args.join(' '));
      const actorRef = {
        id: 'x:1',
        systemId: 'harness-actor',
        logic: { id: 'harness-machine' },
        getSnapshot: () => ({ status: 'active', value: 'idle', can: () => false }),
      };
      window.__atelierTest!.inspect!({ type: '@xstate.event', actorRef, event: { type: 'harness.noise' } } as never);
      console.warn = warn;
      return heardHere;
    });
    expect(checked).toEqual([
      'atelier:dropped-event {"actor":"harness-actor","machine":"harness-machine","event":"harness.noise","state":"idle"}',
    ]);
    // What the inspector prints for an event an actor could not take.
    for (const page of [first, second, third]) await page.evaluate((text) => console.warn(text), report);
    const heard: string[] = [];
    await expect
      .poll(() => {
        heard.push(...takeDroppedReports());
        return heard.map((line) => new URL(line.split(' ')[0]!).pathname).sort();
      })
      .toEqual(['/', '/', '/terms']);
    expect(heard.every((line) => line.endsWith(report))).toBe(true);
    await first.context().close();
    await context.close();
  });
});
