/** The system's headless Chromium, as every suite that drives a browser launches it. */
import { chromium, type Browser } from 'playwright-core';

/** launch() gives every browser a fresh temporary profile (it refuses an explicit --user-data-dir). */
export function launchChromium(executablePath = '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch({
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
  });
}
