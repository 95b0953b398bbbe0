/**
 * The page's API in a path test: every /api request the page sends is held until a step of the path
 * says how the server answers it (tests/paths/harness.ts runPath), and each answer is kept with its
 * status and body for the report.
 */
import type { Page, Route } from 'playwright-core';
import type { AnsweredRequest } from './causes';

/** The page's API, answered by the test: every /api request waits until a step answers it. */
export class TestServer {
  private held: Route[] = [];
  private waiters: Array<() => void> = [];
  /** Answers given at once to requests no step is about (a visitor's theme read, say). */
  readonly standing = new Map<string, { status: number; body: unknown }>();
  readonly seen: string[] = [];

  async attach(page: Page): Promise<void> {
    await page.route('**/api/**', (route) => {
      const url = new URL(route.request().url());
      this.seen.push(`${route.request().method()} ${url.pathname}`);
      const standing = this.standing.get(`${route.request().method()} ${url.pathname}`);
      if (standing) return void route.fulfill({ status: standing.status, json: standing.body });
      this.held.push(route);
      for (const w of this.waiters.splice(0)) w();
    });
    // A request the page gave up on (its flow left the state and aborted it) can no longer be answered.
    page.on('requestfailed', (request) => {
      this.held = this.held.filter((r) => r.request() !== request);
    });
  }

  /** Whether the page has sent `method path` and waits for its answer. */
  holds(method: string, pathname: string): boolean {
    return this.held.some((r) => r.request().method() === method && new URL(r.request().url()).pathname === pathname);
  }

  /** Every answer given to a held request, in order (runPath turns each into an answer step with its cause). */
  readonly answered: Answered[] = [];

  /**
   * Answers the held request to `method path` (waiting for the page to send it); returns what was
   * answered (its status and body), which reads as "server answers METHOD path with STATUS" in a text.
   */
  async answer(method: string, pathname: string | RegExp, status: number, body: unknown): Promise<Answered> {
    const matches = (r: Route) =>
      r.request().method() === method &&
      (typeof pathname === 'string'
        ? new URL(r.request().url()).pathname === pathname
        : pathname.test(r.request().url()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const i = this.held.findIndex(matches);
      if (i >= 0) {
        const [route] = this.held.splice(i, 1);
        await route!.fulfill(
          body === undefined
            ? { status, body: '' }
            : { status, contentType: 'application/json', body: JSON.stringify(body) },
        );
        const text = `server answers ${method} ${String(pathname)} with ${status}`;
        const answered: Answered = {
          method,
          path: new URL(route!.request().url()).pathname,
          status,
          body,
          text,
          toString: () => text,
        };
        this.answered.push(answered);
        return answered;
      }
      if (Date.now() > deadline)
        throw new Error(`The page never sent ${method} ${String(pathname)} (seen: ${this.seen.join(', ')})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
}

/** An answer the test server gave: the request, its status and body, and the sentence a step shows. */
export interface Answered extends AnsweredRequest {
  text: string;
  toString(): string;
}
