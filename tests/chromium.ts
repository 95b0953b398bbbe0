/** The system's headless Chromium, as every suite that drives a browser launches it. */
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/** launch() gives every browser a fresh temporary profile (it refuses an explicit --user-data-dir). */
export function launchChromium(executablePath = '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch(launchOptions(executablePath));
}

/**
 * One Chromium for a whole suite: the e2e global setup starts it as a server and each test file connects to it
 * (connectChromium), so the suite launches one browser instead of one per file. Closing a connected browser
 * closes only the contexts that file made.
 */
export function launchChromiumServer(executablePath = '/usr/bin/chromium'): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions(executablePath));
}

/** The suite's shared Chromium (launchChromiumServer), as one file's own connection to it. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

function launchOptions(executablePath: string) {
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
