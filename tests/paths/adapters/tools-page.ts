/**
 * What the tool adapters share: the tool pages they open, the files a person picks, and the working
 * button and bar every run shows.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { visibility } from '../sights';
import { appReady } from '../../e2e/browser';
import type { Page } from 'playwright-core';
import type { ToolRunContext } from '../../../src/flows/tools/tool-run.types';
import { toolByKey, type ToolKey } from '../../../src/catalog/tools';
import { toolViews, type PageToolKey, type ToolView } from '../../../src/features/tools/tool-views';
import { freeUser } from '../../../src/flows/session/session.examples';
import { firstRender, type PathContext, type TestServer } from '../harness';
import { openSignedIn } from './billing.paths';

/** A 1×1 PNG: what a person picks as the main or the pose image. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let bigFile: string | null = null;
/** A 16 MB file on disk (Chromium reads it itself): over the 15 MB limit of TOOL-14. */
export function sixteenMegabytes(): string {
  if (bigFile) return bigFile;
  const dir = mkdtempSync(join(tmpdir(), 'atelier-paths-'));
  bigFile = join(dir, 'huge.png');
  writeFileSync(bigFile, Buffer.alloc(16 * 1024 * 1024, 1));
  return bigFile;
}

const userWith = (credits: number) => ({ ...freeUser, credits });

/** The outputs the answers point at: served by the test, so the result loads without the network. */
async function serveOutputs(page: Page): Promise<void> {
  await page.route('https://atelier.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
  );
}

/** Opens a tool page, signed in with `credits` or (null) as a visitor. */
export async function openTool(
  ctx: { page: Page; server: TestServer },
  key: ToolKey,
  credits: number | null,
): Promise<string> {
  const tool = toolByKey(key);
  await serveOutputs(ctx.page);
  if (credits !== null) {
    const said = await openSignedIn(ctx, userWith(credits), tool.path);
    return `${said} (${credits.toLocaleString('en-US')} credits)`;
  }
  await ctx.page.goto(tool.path);
  await expect
    .poll(() => ctx.page.getByRole('heading', { level: 1, name: tool.title }).isVisible(), firstRender)
    .toBe(true);
  // File inputs are set by script, which does not wait for the prerendered page to be hydrated.
  await appReady(ctx.page);
  return `open ${tool.path} as a visitor`;
}

export const viewOf = (context: { tool: { key: string } }): ToolView => toolViews[context.tool.key as PageToolKey];
export const runContext = (ctx: PathContext) => ctx.state.context as ToolRunContext;
export const submit = (page: Page, view: ToolView) => page.getByRole('button', { name: view.submit, exact: true });
export const banner = (page: Page) => page.getByRole('alert');
/** The bar's value (aria-valuenow), or null while there is no bar. */
export const progressValue = (page: Page) =>
  page
    .getByRole('progressbar')
    .getAttribute('aria-valuenow', { timeout: 1000 })
    .then(Number)
    .catch(() => null);

/** Generate's button while a run is out: 'Generating...' (the tool's word), disabled, with the bar. */
export async function showsWorking(page: Page, view: ToolView): Promise<string> {
  await expect.poll(() => page.getByRole('button', { name: `${view.working}...` }).isDisabled()).toBe(true);
  await expect.poll(() => visibility(page.getByRole('progressbar'))).toBe('visible');
  return `the button says ${view.working}... and is disabled; the bar shows`;
}

/** The status check of the prediction every start answer of these paths names (pred-1). */
export const PREDICTION = '/api/prediction/pred-1';
