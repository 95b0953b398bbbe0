/** axe on every route a signed-in user sees, at 1280 and 390 px (tests/e2e/a11y.ts). */
import { describe, expect, it } from 'vitest';
import { sizes, setupBrowser } from './browser';
import { loginToken, signedInPage, verifiedAccount } from './accounts';
import { settled, signedInRoutes, violations } from './a11y';

const { browser } = setupBrowser();

describe.each(sizes)('axe at %s, default theme', (_, viewport) => {
  it('finds no violation on any route signed in', async () => {
    const { email, password } = await verifiedAccount('a11y');
    const page = await signedInPage(browser(), viewport, await loginToken(email, password), '/');
    const found: string[] = [];
    for (const route of signedInRoutes) {
      await page.goto(route);
      await settled(page);
      // Signed in: no Sign In button anywhere (the sidebar's, or the phone's top bar).
      await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
      found.push(...(await violations(page)).map((line) => `${route} ${line}`));
    }
    expect(found).toEqual([]);
    await page.context().close();
  }, 600_000);
});
