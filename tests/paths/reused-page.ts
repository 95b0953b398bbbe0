/**
 * One page for all the paths of a test file, handed to each path as if it were new. A new browser
 * context costs Chromium a renderer process: about 1.2 s of CPU per path on two cores, against about
 * 0.4 s to load the app again in the same page (measured with `/proc/stat` around each load); the path
 * suite is CPU-bound, so that is most of its time. Between paths, everything a path added to the page
 * (init scripts, routes, listeners, a viewport, other tabs) is taken away and the site's storage is
 * emptied; a page that cannot be brought back that way is replaced by a new context.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

type Listener = (...args: never[]) => unknown;

export class ReusedPage {
  private context: BrowserContext | undefined;
  private page: Page | undefined;
  private disposables: Array<{ dispose(): Promise<void> }> = [];
  private listeners: Array<[string, Listener]> = [];
  /** The page's first size, given back to each path. */
  private viewport: { width: number; height: number } | null = null;

  constructor(
    private readonly browser: () => Browser,
    private readonly options: { baseURL: string; reducedMotion: 'reduce' },
  ) {}

  /** The page for the next path: as a new one would be (no storage, no scripts, routes or listeners). */
  async take(): Promise<Page> {
    return (this.page ??= await this.open());
  }

  /**
   * The path is over: its page is made new again now, inside the path's own test, so whatever leaving the
   * app reports (a dropped event, say) fails that path and not the next one.
   */
  async release(): Promise<void> {
    if (this.page && !(await this.reset())) await this.close();
  }

  /** Closes the context (the file's last path has run). */
  async close(): Promise<void> {
    const context = this.context;
    this.context = this.page = undefined;
    this.disposables = [];
    this.listeners = [];
    await context?.close().catch(() => undefined);
  }

  private async open(): Promise<Page> {
    this.context = await this.browser().newContext(this.options);
    const page = await this.context.newPage();
    // What a path adds to the page is recorded here, to be taken away before the next path.
    const addInitScript = page.addInitScript.bind(page);
    page.addInitScript = (async (...args: Parameters<Page['addInitScript']>) => {
      const added = await addInitScript(...args);
      this.disposables.push(added);
      return added;
    }) as Page['addInitScript'];
    const on = page.on.bind(page);
    page.on = ((event: string, listener: Listener) => {
      this.listeners.push([event, listener]);
      return on(event as 'console', listener as never);
    }) as Page['on'];
    this.viewport = page.viewportSize();
    return page;
  }

  /** Takes away what the last path added and empties the site's storage; false when that fails. */
  private async reset(): Promise<boolean> {
    const page = this.page!;
    try {
      await Promise.all(this.disposables.splice(0).map((d) => d.dispose()));
      for (const [event, listener] of this.listeners.splice(0)) page.off(event as 'console', listener as never);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      for (const other of this.context!.pages()) if (other !== page) await other.close();
      if (this.viewport) await page.setViewportSize(this.viewport);
      // A small file of the same site: the renderer stays, the app's document and timers are gone.
      await page.goto('/robots.txt');
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await this.context!.clearCookies();
      return true;
    } catch {
      return false;
    }
  }
}
