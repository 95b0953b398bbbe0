/**
 * Accessibility (issue 11), shared by the a11y-*.test.ts files (split so the suite's files run side
 * by side): axe finds no violation on every route (tests/e2e/a11y-routes.ts), signed out and signed in,
 * at 1280 and 390 px in the default theme; its colour-contrast rule alone passes on /login in each of the 60
 * themes, and on /subscribe, a tool page, Settings' billing and the flows viewer in the sampled ones
 * (contrastThemes; all 60 with `npm run test:themes`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, loginToken, mailedPath, pathOf, signedInPage, uniqueEmail, verifiedAccount } from './accounts';
import { addressOf, routeVisits, signedInOnly, type Made, type RoutePath, type Visit } from './a11y-routes';
import { desktop, openPage, screenshot, sizes, type Viewport } from './browser';
import { themeNames } from '../../src/themes/names';
import { contrastSample } from '../theme-contrast';

/** axe-core's own build, injected once into a page that runs many checks without navigating. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> };

const lines = (found: Violation[]) =>
  found.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));

/** axe's own build in the page (once per document: a navigation clears it), then axe.run with `options`. */
async function runAxe(page: Page, options: object): Promise<Violation[]> {
  // Evaluated as a script by the browser's protocol, which the page's CSP does not restrict (eval would be).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (runOptions) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const { violations } = (await axe.run(document, runOptions)) as { violations: unknown };
    return violations as Violation[];
  }, options);
}

/**
 * The violations as short lines a failure message can show. axe is injected and run directly (the pages
 * have no frames): @axe-core/playwright's legacy mode costs about 0.17 s more CPU per check for the same
 * run, and the four route checks make 170 of them on two busy cores.
 */
export async function violations(page: Page, rules?: string[]): Promise<string[]> {
  // Only violations are collected (passes and incomplete results would cost as much again).
  return lines(
    await runAxe(page, {
      resultTypes: ['violations'],
      ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
    }),
  );
}

/**
 * axe's violations on the page as it is, at 1280 and then 390 px (`{ desktop, phone }`), with a screenshot
 * `<name>-desktop` and `<name>-phone` at each; the page is left at 1280 px.
 */
export async function violationsAtBothWidths(page: Page, name: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [width, size] of sizes) {
    await page.setViewportSize(size);
    found[width] = await violations(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(desktop);
  return found;
}

/** The page has rendered its content (the startup check is over, the route's heading is there). */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('main h1, main h2').first().isVisible(), { timeout: 15_000 }).toBe(true);
}

/**
 * The themes a page's colour contrast is checked in: a sample ranked by the tokens' contrast (the default,
 * light and the tightest themes; tests/theme-contrast.ts), or all 60 with THEMES=all (`npm run test:themes`).
 */
export const contrastThemes: readonly string[] = process.env['THEMES'] === 'all' ? themeNames : contrastSample();

/**
 * axe's colour-contrast rule on the page as it is, in each of `themes` (no reload, so axe is injected once
 * for all of them): the violations as lines, each prefixed with its theme.
 */
export async function contrastIn(page: Page, themes: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const theme of themes) {
    // The stored key of THEME-1 and the attribute the theme machine applies (src/flows/theme/theme.effects.ts).
    await page.evaluate(async (name) => {
      localStorage.setItem('theme', name);
      document.documentElement.dataset['theme'] = name;
      // Colours change with a transition: measure them once it has ended, as a person sees them.
      await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    }, theme);
    found.push(...(await violations(page, ['color-contrast'])).map((line) => `${theme} ${line}`));
  }
  return found;
}

/** Opens `route`, waits for its heading, then checks its colour contrast in each of `themes` (contrastIn). */
export async function contrastOnRoute(page: Page, route: string, themes: readonly string[]): Promise<string[]> {
  await page.goto(route);
  await settled(page);
  return contrastIn(page, themes);
}

/** A token of `kind` mailed to `email`: the last part of the link's path. */
async function mailedToken(email: string, subject: string): Promise<string> {
  return (await mailedPath(email, subject)).split('/').pop()!;
}

/** A fresh account, registered and not yet verified: its verification token. */
async function verifyToken(tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  expect((await api('/api/auth/register', { body: { email, password: 'first-secret-1' } })).status).toBe(201);
  return mailedToken(email, 'Verify');
}

/** A password reset token of `email`, asked for through the API as Forgot Password does. */
async function resetToken(email: string): Promise<string> {
  expect((await api('/api/auth/forgot-password', { body: { email } })).status).toBe(200);
  return mailedToken(email, 'Reset');
}

/** A finished Text to Image run of the account (8 of its 50 free credits): its creation id. */
async function creationId(token: string, prompt = 'a lighthouse at dusk'): Promise<string> {
  const run = await api('/api/generate/image', {
    token,
    body: {
      modelId: 'bytedance/sdxl-lightning-4step',
      input: { prompt, width: 512, height: 512 },
    },
  });
  expect(run.status).toBe(200);
  const { status, body } = await api<{ items: Array<{ id: string }> }>('/api/creations?limit=1', { token });
  expect(status).toBe(200);
  return body.items[0]!.id;
}

/** COLLECT-9: a collection 'Keep' of the account holding `creation`: its id. */
async function collectionId(token: string, creation: string): Promise<string> {
  const made = await api<{ id: string }>('/api/collections', { token, body: { name: 'Keep' } });
  expect(made.status).toBe(201);
  const added = await api(`/api/collections/${made.body.id}/items`, { token, body: { ids: [creation] } });
  expect(added.status).toBe(200);
  return made.body.id;
}

/**
 * Opens `address` in the app already running in `page` as its own links do, with history.pushState (the
 * router's history wraps it and follows): no reload, so the app's scripts and axe stay parsed, where a full
 * load per visit cost these files most of their time. The page's current content is marked first and the
 * new route's content waited for: another route's component draws new elements.
 */
async function navigateInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    for (const element of document.querySelectorAll('main > *')) element.setAttribute('data-left', '');
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ __TSR_index: index, __TSR_key: key, key }, '', to);
  }, address);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('main > :not([data-left])') !== null), {
      timeout: 20_000,
      message: address,
    })
    .toBe(true);
}

/**
 * Opens `visit` (in the running app, or with a full load when `load` or the page holds no app yet) and
 * waits for its content, then answers axe's violations on it as lines.
 */
async function check(page: Page, visit: Visit, made: Partial<Made>, load: boolean): Promise<string[]> {
  const address = addressOf(visit, made);
  if (load || !(await page.evaluate(() => document.querySelector('main') !== null))) await page.goto(address);
  else await navigateInApp(page, address);
  if (visit.ready) {
    const shown = page.getByRole(visit.ready.role, { name: visit.ready.name });
    await expect.poll(() => shown.first().isVisible(), { timeout: 20_000, message: address }).toBe(true);
  } else {
    await settled(page);
  }
  return (await violations(page)).map((line) => `${visit.path} ${line}`);
}

/**
 * Each route's visits in order, with whether a visit needs a full load: the first of all (the prerendered
 * page as a person first gets it), and a second visit of the same route (its component stays in place).
 */
function* visitsOf(routes: Array<[RoutePath, readonly Visit[]]>): Generator<[Visit, boolean]> {
  let first = true;
  for (const [, visits] of routes) {
    for (const [i, visit] of visits.entries()) {
      yield [visit, first || i > 0];
      first = false;
    }
  }
}

const everyVisit = (keep: (route: RoutePath) => boolean) =>
  (Object.entries(routeVisits) as Array<[RoutePath, readonly Visit[]]>).filter(([route]) => keep(route));

/**
 * axe on every route a visitor can open, at one width: the violations found, as lines. The routes
 * only a signed-in user sees must send the visitor to / (checked itself).
 */
export async function violationsSignedOut(browser: Browser, viewport: Viewport): Promise<string[]> {
  const { email } = await verifiedAccount('a11y-out');
  const made = { verifyToken: await verifyToken('a11y-verify'), resetToken: await resetToken(email) };
  const page = await openPage(browser, viewport, '/');
  const found: string[] = [];
  for (const [visit, load] of visitsOf(everyVisit((route) => !signedInOnly.includes(route)))) {
    found.push(...(await check(page, visit, made, load)));
  }
  for (const [route, visits] of everyVisit((route) => signedInOnly.includes(route))) {
    for (const visit of visits) {
      await page.goto(addressOf(visit, { creationId: 'any', otherCreationId: 'other', collectionId: 'any' }));
      await expect.poll(() => pathOf(page), { message: route }).toBe('/');
    }
  }
  await page.context().close();
  return found;
}

/** axe on every route, signed in, at one width: the violations found, as lines. */
export async function violationsSignedIn(browser: Browser, viewport: Viewport): Promise<string[]> {
  const { email, password } = await verifiedAccount('a11y');
  const token = await loginToken(email, password);
  const creation = await creationId(token);
  const made = {
    verifyToken: await verifyToken('a11y-verify'),
    resetToken: await resetToken(email),
    creationId: creation,
    otherCreationId: await creationId(token, 'a fox in the snow'),
    collectionId: await collectionId(token, creation),
  };
  const page = await signedInPage(browser, viewport, token, '/');
  const found: string[] = [];
  for (const [visit, load] of visitsOf(everyVisit(() => true))) {
    found.push(...(await check(page, visit, made, load)));
    // Still signed in: no Sign In button anywhere (the sidebar's, or the phone's top bar).
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).count(), { message: visit.path }).toBe(0);
  }
  await page.context().close();
  return found;
}
