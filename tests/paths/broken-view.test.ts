/**
 * A view broken on purpose, outside the main walk: the session's first planned path runs through
 * runPath as the suite runs it, but a test hook hides the header once the page is open (where the
 * session shows Sign In or the balance), so the path's first check fails. What a tester needs is
 * left behind: the failed step says what it was doing, a screenshot of the page named after the
 * path lies under the run's report directory (screenshots/<machine>-<path-slug>.png), and the report
 * shows it at that step.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from '../e2e/browser';
import { sessionPaths } from './adapters/session.paths';
import { pathCoverage, plannedPaths, runPath, type PathAdapter } from './harness';
import { reportDir } from './options';
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
  expect(failed.text).toBe('failed while checking what the page shows');
  expect(failed.screenshot).toBe(`screenshots/${plan!.slug}.png`);
  expect(existsSync(join(dir, failed.screenshot!))).toBe(true);

  // The report of this one path, beside the run's screenshots (not in the main report: the walk did not fail).
  const { model: _model, ...coverage } = pathCoverage(broken, [result]);
  const html = reportHtml({
    session: { coverage, unreachable: {}, paths: [pathReport(result, plan!)], file: 'broken-view', at: '' },
  });
  const file = join(dir, 'broken-view.html');
  writeFileSync(file, html);
  const page = await (await browser().newContext()).newPage();
  try {
    await page.goto(pathToFileURL(resolve(file)).href);
    const shown = await page.evaluate(readReport as () => ReportView);
    const [view] = shown.machines['session']!.paths;
    expect(view!.passed).toBe(false);
    expect(view!.error).toMatch(/./);
    const last = view!.scenarios.at(-1)!.steps.at(-1)!;
    expect(last).toMatchObject({ text: 'failed while checking what the page shows', screenshot: failed.screenshot });
    // The picture loads from disk beside the report.
    const img = page.locator('li.path.fail a.shot img');
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  } finally {
    await page.context().close();
  }
});
