/**
 * axe on every route a signed-in user sees, at 390 px, default theme (tests/e2e/a11y.ts). One file per width and
 * sign-in state, so the four long checks run side by side.
 */
import { expect, it } from 'vitest';
import { phone, setupBrowser } from './browser';
import { violationsSignedIn } from './a11y';

const { browser } = setupBrowser();

it('finds no violation on any route signed in at 390 px', async () => {
  expect(await violationsSignedIn(browser(), phone)).toEqual([]);
}, 600_000);
