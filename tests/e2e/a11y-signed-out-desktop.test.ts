/**
 * axe on every public route, signed out, at 1280 px, default theme (tests/e2e/a11y.ts). One file per width and
 * sign-in state, so the four long checks run side by side.
 */
import { expect, it } from 'vitest';
import { desktop, setupBrowser } from './browser';
import { violationsSignedOut } from './a11y';

const { browser } = setupBrowser();

it('finds no violation on any route signed out at 1280 px', async () => {
  expect(await violationsSignedOut(browser(), desktop)).toEqual([]);
}, 600_000);
