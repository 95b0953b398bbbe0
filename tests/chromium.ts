/** The system's headless Chromium, as every suite that drives a browser launches it. */
import { chromium, type Browser } from 'playwright-core';

/** launch() gives every browser a fresh temporary profile (it refuses an explicit --user-data-dir). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
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
  });
}
