/**
 * axe on every public route, signed out, at 1280 px, default theme (tests/e2e/a11y.ts). One file per width and
 * sign-in state, so the four long checks run side by side.
 */
import { expect, it } from 'vitest';
import { desktop, openPage, setupBrowser } from './browser';
import { violations, violationsSignedOut } from './a11y';

const { browser } = setupBrowser();

it('finds no violation on any route signed out at 1280 px', async () => {
  expect(await violationsSignedOut(browser(), desktop)).toEqual([]);
}, 600_000);

it('the check finds a picture without alternative text and a button without a name (so a pass means something)', async () => {
  const page = await openPage(browser(), desktop, '/support');
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const picture = document.createElement('img');
    picture.id = 'no-alt';
    picture.src = '/favicon.ico';
    const button = document.createElement('button');
    button.id = 'no-name';
    main.append(picture, button);
  });
  const found = (await violations(page)).map((line) => line.split(' — ')[0]);
  expect(found).toEqual(expect.arrayContaining(['image-alt: #no-alt', 'button-name: #no-name']));
  // Run again on the same document (axe is already there), and with one rule only.
  expect((await violations(page, ['image-alt'])).map((line) => line.split(' — ')[0])).toEqual(['image-alt: #no-alt']);
  await page.context().close();
}, 120_000);
