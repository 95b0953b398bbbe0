/* global document */
// `node scripts/paths-report-size.mjs [report.html]`: how tall the path report is (coverage/paths.html unless
// given) at 1280 and 390 px in Chromium (the document's height, all folded parts left folded) and whether it
// scrolls sideways; the full default run's report is meant to stay under 15,000 px at 1280 px. It measures; it
// exits 1 only if the report is missing or scrolls sideways, or is too tall with --max <px>.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt >= 0 ? Number(args.splice(maxAt, 2)[1]) : Infinity;
const file = args[0] ?? 'coverage/paths.html';
if (!existsSync(file)) {
  console.error(`No report at ${file}: run npm run test:paths first.`);
  process.exit(1);
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
let failed = false;
try {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(resolve(file)).href);
  const paths = await page.locator('li.path').count();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const { height, scrollWidth } = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    const sideways = scrollWidth > width;
    const tall = width === 1280 && height > max;
    failed ||= sideways || tall;
    console.log(
      `${width} px: ${height.toLocaleString('en')} px tall for ${paths} paths${sideways ? `, scrolls sideways (${scrollWidth} px wide)` : ', no sideways scroll'}${tall ? ` (over ${max})` : ''}`,
    );
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
