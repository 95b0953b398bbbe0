/** Accounts for end-to-end tests: the API, the local outbox and a signed-in page, on the shared server. */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { appReady, baseUrl, newPage, type Viewport } from './browser';

interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

/** A fresh address per test: every test shares one server and one database. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface ApiInit {
  method?: string;
  /** Sent as JSON; `rawBody` is sent as it is (a signed webhook). */
  body?: unknown;
  rawBody?: string;
  token?: string | null;
  headers?: Record<string, string>;
  /** Another server than the shared one (a file's own `startServer`). */
  base?: string;
}

/** Calls the app's API: the status and the JSON answer (`{}` when empty). */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: ApiInit = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (init.token) headers['authorization'] = `Bearer ${init.token}`;
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const res = await fetch(`${init.base ?? baseUrl()}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** The newest link mailed to `to` whose subject contains `subject`, as a path to open on the app at `base`. */
export async function mailedPath(to: string, subject: string, base = baseUrl()): Promise<string> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const { body } = await api<OutboxMail[]>('/dev/outbox', { base });
      found = body.filter((m) => m.to === to && m.subject.includes(subject)).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  const link = new URL(found!.links[0]!);
  // Links carry APP_URL (http://localhost:PORT); the browser uses the server's own address.
  expect(link.port).toBe(new URL(base).port);
  return link.pathname;
}

/** Registers `email` and opens its verification link, through the API of the server at `base`. */
export async function verifiedUser(email: string, password: string, base = baseUrl()): Promise<void> {
  expect((await api('/api/auth/register', { base, body: { email, password } })).status).toBe(201);
  const path = await mailedPath(email, 'Verify', base);
  expect((await api(`/api/auth${path}`, { base })).status).toBe(200);
}

/**
 * A finished Text to Image run of the account (8 of its 50 free credits), made through the real API: its id, from
 * the run's own answer.
 */
export async function imageRun(token: string, prompt: string): Promise<string> {
  const run = await api<{ id: string }>('/api/generate/image', {
    token,
    body: { modelId: 'bytedance/sdxl-lightning-4step', input: { prompt, width: 512, height: 512 } },
  });
  expect(run.status).toBe(200);
  return run.body.id;
}

/** A new account, registered and verified through the API. */
export async function verifiedAccount(tag: string, password = 'first-secret-1') {
  const email = uniqueEmail(tag);
  await verifiedUser(email, password);
  return { email, password };
}

export async function loginToken(email: string, password: string, base = baseUrl()): Promise<string> {
  const { status, body } = await api<{ token: string }>('/api/auth/login', { base, body: { email, password } });
  expect(status).toBe(200);
  return body.token;
}

/** A page signed in with `token` (the stored key of AUTH-16), opened at `path` once the user shows. */
export async function signedInPage(browser: Browser, viewport: Viewport, token: string, path = '/'): Promise<Page> {
  // Any page of the app's origin can hold the token; the app itself starts once, at `path`.
  const page = await newPage(browser, viewport);
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(path);
  await appReady(page);
  return page;
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;
export const balanceShown = (page: Page) =>
  page
    .getByLabel(/^Credit balance:/)
    .first()
    .isVisible();

/** The balance the page's badge shows (NaN while it shows none). */
export async function balance(page: Page): Promise<number> {
  const label = await page
    .getByLabel(/^Credit balance:/)
    .first()
    .getAttribute('aria-label')
    .catch(() => null);
  return Number(/^Credit balance: (\d+) credits$/.exec(label ?? '')?.[1] ?? NaN);
}
