/**
 * The page's API in a path test: every /api request the page sends is held until a step of the path
 * says how the server answers it (tests/paths/harness.ts runPath), and each answer is kept with its
 * status and body for the report. In a run against a deployment (`passThrough`, PATHS_BASE_URL)
 * nothing is intercepted: the real server answers, and a step's answer waits for that answer, checks
 * it is the kind the path needs (a success or a refusal) and keeps it, with the real status and body,
 * as held answers are kept.
 */
import type { Page, Request, Route } from 'playwright-core';
import type { AnsweredRequest } from './causes';

/** The latency a run against a deployment gives the page's connection (pass-through). */
export const REAL_LATENCY_MS = 1_000;

/** An answer the real server gave (pass-through), not yet claimed by a step. */
interface RealAnswer {
  method: string;
  pathname: string;
  url: string;
  status: number;
  body: unknown;
}

/** The page's API, answered by the test: every /api request waits until a step answers it. */
export class TestServer {
  private held: Route[] = [];
  private waiters: Array<() => void> = [];
  /** Answers given at once to requests no step is about (a visitor's theme read, say); a real server gives its own. */
  readonly standing = new Map<string, { status: number; body: unknown }>();
  readonly seen: string[] = [];
  /** The real answers not yet claimed by a step (pass-through only), in the order they came. */
  private real: RealAnswer[] = [];
  /** The requests sent and not yet answered (pass-through only). */
  private inFlight: Request[] = [];

  /** With `passThrough`, every /api request goes to the real server (a run against a deployment). */
  constructor(readonly passThrough = false) {}

  async attach(page: Page): Promise<void> {
    if (this.passThrough) return this.passAll(page);
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

  /** Pass-through: listens to the page's /api requests and keeps the real answers, status and body. */
  private async passAll(page: Page): Promise<void> {
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/api/')) return;
      this.seen.push(`${request.method()} ${url.pathname}`);
      this.inFlight.push(request);
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/')) return;
      const request = response.request();
      // The body is read before the answer counts as given, so a step that claims it shows what came.
      void response
        .text()
        .catch(() => '')
        .then((text) => {
          let body: unknown = undefined;
          if (text)
            try {
              body = JSON.parse(text) as unknown;
            } catch {
              body = text;
            }
          this.inFlight = this.inFlight.filter((r) => r !== request);
          this.real.push({
            method: request.method(),
            pathname: url.pathname,
            url: response.url(),
            status: response.status(),
            body,
          });
          for (const w of this.waiters.splice(0)) w();
        });
    });
    page.on('requestfailed', (request) => (this.inFlight = this.inFlight.filter((r) => r !== request)));
    // A real server answers at once: the page's connection gets a slow network's latency, so that what
    // the page shows while it waits (a disabled button, a request in flight) stays long enough to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: REAL_LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }

  /**
   * Whether the page has sent `method path` and waits for its answer; with a real server, also one it
   * has answered that no step has claimed yet (the page was waiting for it).
   */
  holds(method: string, pathname: string): boolean {
    if (this.passThrough)
      return (
        this.inFlight.some((r) => r.method() === method && new URL(r.url()).pathname === pathname) ||
        this.real.some((a) => a.method === method && a.pathname === pathname)
      );
    return this.held.some((r) => r.request().method() === method && new URL(r.request().url()).pathname === pathname);
  }

  /** Every answer given to a held request (or claimed from the real server), in order (runPath turns each into an answer step with its cause). */
  readonly answered: Answered[] = [];

  /**
   * Answers the held request to `method path` (waiting for the page to send it); returns what was
   * answered (its status and body), which reads as "server answers METHOD path with STATUS" in a text.
   * In pass-through, waits for the real server's answer instead: it must be a success when `status`
   * is one, else a refusal; what is returned is the real status and body.
   */
  async answer(method: string, pathname: string | RegExp, status: number, body: unknown): Promise<Answered> {
    if (this.passThrough) return this.realAnswer(method, pathname, status);
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
        return this.keep(
          method,
          new URL(route!.request().url()).pathname,
          status,
          body,
          `server answers ${method} ${String(pathname)} with ${status}`,
        );
      }
      if (Date.now() > deadline)
        throw new Error(`The page never sent ${method} ${String(pathname)} (seen: ${this.seen.join(', ')})`);
      await this.wait();
    }
  }

  /** Pass-through: the real server's answer to `method path`, which must be a success when `status` is one, else a refusal. */
  private async realAnswer(method: string, pathname: string | RegExp, status: number): Promise<Answered> {
    const matches = (a: RealAnswer) =>
      a.method === method && (typeof pathname === 'string' ? a.pathname === pathname : pathname.test(a.url));
    const deadline = Date.now() + 15_000;
    for (;;) {
      const i = this.real.findIndex(matches);
      if (i >= 0) {
        const [real] = this.real.splice(i, 1);
        const wanted = status < 400 ? 'a success' : 'a refusal';
        if (status < 400 !== real!.status < 400)
          throw new Error(
            `The server answered ${method} ${real!.pathname} with ${real!.status}; the path needs ${wanted} (${status})`,
          );
        return this.keep(
          method,
          real!.pathname,
          real!.status,
          real!.body,
          `the server answers ${method} ${real!.pathname} with ${real!.status} (for real)`,
        );
      }
      if (Date.now() > deadline)
        throw new Error(`The server never answered ${method} ${String(pathname)} (sent: ${this.seen.join(', ')})`);
      await this.wait();
    }
  }

  private keep(method: string, path: string, status: number, body: unknown, text: string): Answered {
    const answered: Answered = { method, path, status, body, real: this.passThrough, text, toString: () => text };
    this.answered.push(answered);
    return answered;
  }

  private wait(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
}

/** An answer the test server gave: the request, its status and body, and the sentence a step shows. */
export interface Answered extends AnsweredRequest {
  /** Whether a real server gave it (pass-through): its cause is what the path did for real. */
  real: boolean;
  text: string;
  toString(): string;
}
