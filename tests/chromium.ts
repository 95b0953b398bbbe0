/** The system's headless Chromium, as every suite that drives a browser launches it. */
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

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
export function launchChromium(executablePath = '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch(options(executablePath));
}

/**
 * One Chromium for a whole suite (the e2e global setup): its files connect to it (connectChromium) and each
 * works in contexts of its own, so no file sees another's storage, and the suite pays one browser's start
 * and memory instead of one per file.
 */
export function launchChromiumServer(executablePath = '/usr/bin/chromium'): Promise<BrowserServer> {
  return chromium.launchServer(options(executablePath));
}

/** A connection to the suite's Chromium; closing it closes the contexts it made and leaves the browser running. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
