/**
 * A page outside the app the browser is sent to (the hosted checkout, Stripe's customer portal), stood in for
 * by the path tests so the browser can leave. On a path that comes back, the stand-in answers 204 instead: the
 * browser asks for it but stays on the page (a 204 cancels a navigation), so the page can then be shown again
 * as the back-forward cache shows it.
 */
import { expect } from 'vitest';
import { visibility } from '../sights';
import type { PathContext, TestServer } from '../harness';

export interface StandInSite {
  /** The addresses the app's answers point at. */
  readonly address: RegExp;
  /** The stand-in's title and heading. */
  readonly heading: string;
  /** What the app's busy button reads while the browser leaves. */
  readonly busyButton: string;
  /** How the report names the place ('the hosted checkout'), and the buttons that stay disabled. */
  readonly what: string;
  readonly disabled: string;
}

export interface StandInPage {
  /** Routes the site to the stand-in; `back`: the path comes back, so the browser only asks for it. */
  install(ctx: Omit<PathContext, 'state'>, back: boolean): Promise<void>;
  /** The state's sight: the browser at the site, or (on a path that comes back) asking for it. */
  reached(ctx: Omit<PathContext, 'state'>): Promise<string>;
}

export function standInPage(site: StandInSite): StandInPage {
  /** Paths (by their test server) that come back, with the addresses they asked for. */
  const asked = new WeakMap<TestServer, string[]>();
  return {
    async install({ page, server }, back) {
      const seen: string[] = [];
      if (back) asked.set(server, seen);
      await page.route(site.address, (route) => {
        seen.push(route.request().url());
        return route.fulfill(
          back
            ? { status: 204 }
            : {
                status: 200,
                contentType: 'text/html',
                body: `<!doctype html><title>${site.heading}</title><h1>${site.heading}</h1>`,
              },
        );
      });
    },
    async reached({ page, server }) {
      const seen = asked.get(server);
      if (seen) {
        await expect.poll(() => seen.length).toBeGreaterThan(0);
        await expect.poll(() => page.getByRole('button', { name: site.busyButton }).isDisabled()).toBe(true);
        return `the browser asks for ${site.what} (the stand-in keeps it on the page); ${site.disabled} disabled`;
      }
      await expect.poll(() => page.url()).toMatch(site.address);
      await expect.poll(() => visibility(page.getByRole('heading', { name: site.heading }))).toBe('visible');
      return `the browser is at ${site.what}`;
    },
  };
}
