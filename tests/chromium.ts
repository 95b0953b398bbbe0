/** The system's headless Chromium, as every suite that drives a browser launches it. */
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

/**
 * Debian's headless shell (package chromium-headless-shell), the build Playwright itself runs headless tests
 * in: the same engine without the browser's window layer, it spends a quarter to a third of the full browser's
 * CPU on a page load (15 loads of / and of a tool page: 4–5 CPU-s against 14–23, `--headless` Chromium 156).
 */
export const headlessShell = '/usr/bin/chromium-headless-shell';

function options(executablePath: string): LaunchOptions {
  return {
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/** launch() gives every browser a fresh temporary profile (it refuses an explicit --user-data-dir). */
export function launchChromium(executablePath = headlessShell): Promise<Browser> {
  return chromium.launch(options(executablePath));
}

/**
 * One Chromium for a whole suite (the e2e global setup): its files connect to it (connectChromium) and each
 * works in contexts of its own, so no file sees another's storage, and the suite pays one browser's start
 * and memory instead of one per file.
 */
export function launchChromiumServer(executablePath = headlessShell): Promise<BrowserServer> {
  return chromium.launchServer(options(executablePath));
}

/** A connection to the suite's Chromium; closing it closes the contexts it made and leaves the browser running. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
