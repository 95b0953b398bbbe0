/**
 * A view broken on purpose, outside the main walk: the session's first planned path runs through
 * runPath as the suite runs it, but a test hook hides the header once the page is open (where the
 * session shows Sign In or the balance), so the path's first check fails. What a tester needs is
 * left behind: the failed step says which check failed, the failure what it expected and what the
 * page showed, a screenshot of the page named after the path lies under the run's report directory
 * (screenshots/<machine>-<path-slug>.png), and the report shows all of it on its first screen (links
 * to /flows on the run's app URL), with no sideways scroll and no axe violation at 1280 and 390 px.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { violationsAtBothWidths } from '../e2e/a11y';
import { baseUrl, desktop, phone, setupBrowser } from '../e2e/browser';
import { sessionPaths } from './adapters/session.paths';
import { pathCoverage, plannedPaths, runPath, type PathAdapter } from './harness';
import { pathOptions, reportDir } from './options';
import { readReport, type ReportView } from './report';
import { pathReport, reportHtml } from './report-writer';
import { ReusedPage } from './reused-page';
import { planPaths } from './scenarios';

const { browser } = setupBrowser();
const pages = new ReusedPage(browser, { baseURL: baseUrl(), reducedMotion: 'reduce' });
afterAll(() => pages.close());

/** The session adapter with its header hidden as soon as the page is open: the hook that breaks the view. */
const broken: PathAdapter = {
  ...sessionPaths,
  async start(ctx, model, path) {
    const said = await sessionPaths.start(ctx, model, path);
    await ctx.page.addStyleTag({ content: '[role="banner"], header { display: none !important; }' });
    return `${said}; a test hook hides the header`;
  },
};

it('leaves a screenshot named after the failed path, which the report shows at the failed step', async () => {
  const dir = reportDir();
  const [path] = plannedPaths(broken);
  const [plan] = planPaths(broken.name, [path!]);
  const result = await runPath(broken, path!, await pages.take(), { dir, name: plan!.slug, every: false }).finally(() =>
    pages.release(),
  );

  expect(result.passed).toBe(false);
  const failed = result.steps.at(-1)!;
  // The failed step names the check that failed; the failure says what it expected and what the page showed.
  expect(failed.text).toMatch(/^failed while checking what the page shows: \S+: .+/);
  expect(result.failure).toMatchObject({ doing: 'checking what the page shows' });
  expect(failed.text).toBe(`failed while checking what the page shows: ${result.failure!.check}`);
  expect(result.failure!.expected).toMatch(/./);
  expect(result.failure!.received).toMatch(/./);
  expect(result.failure!.received).not.toBe(result.failure!.expected);
  expect(failed.screenshot).toBe(`screenshots/${plan!.slug}.png`);
  expect(existsSync(join(dir, failed.screenshot!))).toBe(true);

  // The report of this one path, beside the run's screenshots (not in the main report: the walk did not fail).
  const { model: _model, ...coverage } = pathCoverage(broken, [result]);
  const { appUrl } = pathOptions();
  const html = reportHtml(
    { session: { coverage, unreachable: {}, paths: [pathReport(result, plan!)], file: 'broken-view', at: '' } },
    { appUrl },
  );
  const file = join(dir, 'broken-view.html');
  writeFileSync(file, html);
  const page = await (await browser().newContext({ viewport: desktop })).newPage();
  try {
    await page.goto(pathToFileURL(resolve(file)).href);
    const shown = await page.evaluate(readReport as () => ReportView);
    expect(shown.tabs).toEqual({ All: '1', Failed: '1', Passed: '0', Skipped: '0' });
    const [view] = shown.machines['session']!.paths;
    expect(view!.passed).toBe(false);
    expect(view!.open).toBe(true);
    expect(view!.error).toMatch(/./);
    const last = view!.scenarios.at(-1)!.steps.at(-1)!;
    expect(last).toMatchObject({ text: failed.text, screenshot: failed.screenshot });
    // At the top: the failed path, its check with expected and received, its screenshot; links use the app URL.
    const [top] = shown.failures;
    expect(top).toMatchObject({
      path: plan!.slug,
      heading: `session: ${plan!.title}`,
      step: failed.text,
      check: result.failure!.check,
      expected: result.failure!.expected,
      received: result.failure!.received,
      screenshot: failed.screenshot,
    });
    expect(top!.flows).toMatch(new RegExp(`^${appUrl}/flows/session\\?path=.+`));
    expect(view!.flows).toBe(top!.flows);
    // All of it on the first screen at 1280 px, the picture loaded from disk beside the report.
    const img = page.locator('section.failures .failure a.shot img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    for (const part of ['h3', '.expect .check', '.expect .expected', '.expect .received', 'a.shot img']) {
      const box = await page.locator(`section.failures .failure ${part}`).boundingBox();
      expect(box, part).not.toBeNull();
      expect(box!.y, part).toBeLessThan(desktop.height);
    }
    // No sideways scroll at either width, and axe finds nothing wrong at both.
    const found = await violationsAtBothWidths(page, 'paths-broken-view-report');
    expect(found).toEqual({ desktop: [], phone: [] });
    for (const size of [phone, desktop]) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${size.width} px`).toBeLessThanOrEqual(
        size.width,
      );
    }
  } finally {
    await page.context().close();
  }
});
