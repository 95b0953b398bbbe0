/**
 * Accessibility (issue 11), shared by the a11y-*.test.ts files (split so the suite's files run side
 * by side): axe finds no violation on every route, signed out and signed in, at 1280 and 390 px in the
 * default theme; its colour-contrast rule alone passes on /subscribe, /login and a tool page in each
 * of the 60 themes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { loginToken, signedInPage, verifiedAccount } from './accounts';
import { openPage, type Viewport } from './browser';

export const publicRoutes = [
  '/',
  '/all-tools',
  '/image',
  '/video',
  '/text',
  '/audio',
  '/3d',
  '/themes',
  '/support',
  '/privacy',
  '/terms',
  '/subscribe',
  '/credits',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/some-token',
  '/verify-email',
  '/image-models/text-to-image',
  '/image-models/image-to-image',
  '/image-models/person-to-person',
  '/image-models/restore-image',
  '/image-models/text-to-advertisement',
  '/text-models/text-to-text',
  '/text-models/code-generation',
  '/text-models/image-to-text',
  '/video-models/text-to-video',
  '/audio-models/musicgen',
  '/3d-models/3d-gen',
  '/flows',
];
export const signedInRoutes = [...publicRoutes.filter((r) => r !== '/login' && r !== '/register'), '/settings'];

/** axe-core's own build, injected once into a page that runs many checks without navigating. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> };

const lines = (found: Violation[]) =>
  found.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));

/** The violations as short lines a failure message can show. */
export async function violations(page: Page, rules?: string[]): Promise<string[]> {
  // Only violations are collected (passes and incomplete results would cost as much again). Legacy
  // mode runs axe in the page itself: the pages have no frames, and the default mode opens a blank
  // page to finish every run, which costs several times the check itself.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (rules) builder.withRules(rules);
  const { violations } = await builder.analyze();
  return lines(violations);
}

/** The page has rendered its content (the startup check is over, the route's heading is there). */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('main h1, main h2').first().isVisible(), { timeout: 15_000 }).toBe(true);
}

/**
 * Checks axe's colour-contrast rule on `route` in each of the 60 themes, on one page (no reload): axe
 * is injected once and run directly for each theme, since @axe-core/playwright injects it again on
 * every call (60 times the parsing of its source for one page).
 */
export async function contrastInEveryTheme(page: Page, route: string, themes: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  await page.goto(route);
  await settled(page);
  await page.evaluate(axeSource);
  for (const theme of themes) {
    // The stored key of spec §9 and the attribute the theme machine applies (src/app/theme.ts).
    const result = await page.evaluate(async (name) => {
      localStorage.setItem('theme', name);
      document.documentElement.dataset['theme'] = name;
      // Colours change with a transition: measure them once it has ended, as a person sees them.
      await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
      const { violations } = (await axe.run(document, {
        runOnly: { type: 'rule', values: ['color-contrast'] },
        resultTypes: ['violations'],
      })) as { violations: unknown };
      return violations as Violation[];
    }, theme);
    found.push(...lines(result).map((line) => `${theme} ${line}`));
  }
  return found;
}

/** axe on every public route, signed out, at one width: the violations found, as lines. */
export async function violationsSignedOut(browser: Browser, viewport: Viewport): Promise<string[]> {
  const page = await openPage(browser, viewport, '/');
  const found: string[] = [];
  for (const route of publicRoutes) {
    await page.goto(route);
    await settled(page);
    found.push(...(await violations(page)).map((line) => `${route} ${line}`));
  }
  await page.context().close();
  return found;
}

/** axe on every route a signed-in user sees, at one width: the violations found, as lines. */
export async function violationsSignedIn(browser: Browser, viewport: Viewport): Promise<string[]> {
  const { email, password } = await verifiedAccount('a11y');
  const page = await signedInPage(browser, viewport, await loginToken(email, password), '/');
  const found: string[] = [];
  for (const route of signedInRoutes) {
    await page.goto(route);
    await settled(page);
    // Signed in: no Sign In button anywhere (the sidebar's, or the phone's top bar).
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    found.push(...(await violations(page)).map((line) => `${route} ${line}`));
  }
  await page.context().close();
  return found;
}
