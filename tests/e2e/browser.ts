import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { connectChromium } from '../chromium';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { HYDRATION_ERROR_PREFIX } from '../../src/app/hydration-report';
import type { DroppedEvent } from '../../src/app/dropped-events';
import { DROPPED_EVENT_PREFIX, droppedReportScript } from './dropped-report';
import { machines } from '../../src/flows';
import { ignoredAt } from '../../src/flows/shared/meta';

/** The registered machines by their id: a report names its machine (src/app/dropped-events.ts). */
const machineById = new Map(Object.values(machines).map((machine) => [machine.id, machine]));

/**
 * Whether a report is an event its machine ignores on purpose where it was (`ignores`, src/flows/shared/meta.ts):
 * the suite reads them from the machines it imports, the same modules the pages run.
 */
function ignoredOnPurpose(text: string): boolean {
  try {
    const report = JSON.parse(text.slice(DROPPED_EVENT_PREFIX.length)) as DroppedEvent;
    const machine = report.machine === undefined ? undefined : machineById.get(report.machine);
    return machine !== undefined && ignoredAt(machine.root, report.state, report.event);
  } catch {
    return false;
  }
}
/** Dropped events reported by the pages of the running test; any of them fails it. */
const dropped: string[] = [];

export const desktop = { width: 1280, height: 800 } as const;
export const phone = { width: 390, height: 844 } as const;
export type Viewport = typeof desktop | typeof phone;

export const screenshotDir = join(import.meta.dirname, '..', '..', 'test-results');

/** The dropped-event reports collected since the last call (the harness's own test reads them). */
export function takeDroppedReports(): string[] {
  return dropped.splice(0);
}

/**
 * Collects the dropped-event reports of every page of `context`, present and future (a page opened
 * with `context.newPage()`, a popup, a new tab), for the running test to fail on.
 */
export function watchDroppedEvents(context: BrowserContext): void {
  const watch = (page: Page) => {
    page.on('console', (message) => {
      const text = message.text();
      // A prerendered page React could not adopt as drawn (src/app/hydration-report.ts) fails the test too.
      if ((text.startsWith(DROPPED_EVENT_PREFIX) && !ignoredOnPurpose(text)) || text.startsWith(HYDRATION_ERROR_PREFIX))
        dropped.push(`${page.url()} ${text}`);
    });
  };
  // Every page gets the dropped-event report before it starts (dropped-report.ts).
  void context.addInitScript({ content: droppedReportScript });
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * The suite's one Chromium (global-setup.ts), connected to for the file and disconnected after it (which
 * closes the file's contexts). Every context made from it
 * (`browser.newContext()`, and `browser.newPage()`, which makes its own) watches its pages for
 * dropped events, so no test can open a page that escapes the report.
 */
export function setupBrowser(): { browser: () => Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const launched = await connectChromium(inject('browserWsEndpoint'));
    const newContext = launched.newContext.bind(launched);
    launched.newContext = async (options) => {
      const context = await newContext(options);
      watchDroppedEvents(context);
      return context;
    };
    browser = launched;
  });
  afterEach(() => {
    const reported = takeDroppedReports();
    expect(reported, 'events sent to an actor whose state could not take them, or hydration errors').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('Browser not started');
      return browser;
    },
  };
}

/**
 * Waits until the app has taken over the page: hydrated and the startup check ended (the shell is no longer
 * aria-disabled). Playwright's clicks and fills wait for that by themselves; setInputFiles and scripted
 * events do not, and on a prerendered page they would reach markup that nothing listens to yet.
 *
 * The shell hydrates first; the page's own content sits in the router's Suspense boundary, which React
 * hydrates in a later pass, and under load the session check can end in between. A fill that lands before
 * React adopts a control is undone when it does (React resets a textarea to its value and its selection to
 * the start, so the typed text ends up before the default prompt). So every control and the heading in
 * main must be React's (its fiber key set on the element) as well.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    // The shell's mark (a control inside, e.g. a seek bar with nothing loaded, may be aria-disabled on its own).
    if (!main || main.closest('[aria-disabled="true"]')) return false;
    const adopted = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
    return [...main.querySelectorAll('h1, input, textarea, select, button')].every(adopted);
  });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/** A fresh page in a context of its own (empty storage) at the given viewport, not yet at any address. */
export async function newPage(browser: Browser, viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  return context.newPage();
}

/**
 * A fresh page (newPage) opened at the app's `path` and taken over by the app (appReady): a prerendered page
 * shows its content before the app runs, and what depends on the session (the hero's call to action, the
 * account area) only once the startup check has ended, so a test's first look must not race the app's start.
 */
export async function openPage(browser: Browser, viewport: Viewport, path = '/'): Promise<Page> {
  const page = await newPage(browser, viewport);
  await page.goto(path);
  await appReady(page);
  return page;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

export const sizes: ReadonlyArray<readonly [string, Viewport]> = [
  ['desktop', desktop],
  ['phone', phone],
];

/**
 * Where a download was saved on this machine: the suite's Chromium is shared and connected to (setupBrowser),
 * so its own copy is not ours to read (Download.path() refuses); saveAs() copies it here.
 */
export async function downloadedFile(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'atelier-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}
