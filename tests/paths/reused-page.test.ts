/** The page the paths of a file share (reused-page.ts) comes back to each path as a new one would be. */
import { afterAll, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from '../e2e/browser';
import { ReusedPage } from './reused-page';

const { browser } = setupBrowser();
const pages = new ReusedPage(browser, { baseURL: baseUrl(), reducedMotion: 'reduce' });
afterAll(() => pages.close());

it('takes away what a path added to the page and empties the site storage, keeping the renderer', async () => {
  const page = await pages.take();
  const size = page.viewportSize();
  const heard: string[] = [];
  // What a path may leave behind: a script for the next load, a route, a listener, a size, storage, a tab.
  await page.addInitScript(() => ((window as unknown as { left?: string }).left = 'by the last path'));
  await page.route('**/api/**', (route) => route.fulfill({ status: 418, json: { message: 'held' } }));
  page.on('console', (message) => heard.push(message.text()));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('token', 'stored-token');
    sessionStorage.setItem('path-started', '1');
  });
  await page.context().newPage();
  expect(await page.evaluate(() => fetch('/api/no-such').then((r) => r.status))).toBe(418);

  await pages.release();
  const next = await pages.take();
  expect(next).toBe(page);
  await next.goto('/');
  expect(await next.evaluate(() => (window as unknown as { left?: string }).left ?? null)).toBeNull();
  expect(await next.evaluate(() => fetch('/api/no-such').then((r) => r.status))).toBe(404);
  expect(await next.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  expect(next.viewportSize()).toEqual(size);
  expect(next.context().pages()).toEqual([next]);
  const before = heard.length;
  await next.evaluate(() => console.info('after the path'));
  expect(heard).toHaveLength(before);
});
