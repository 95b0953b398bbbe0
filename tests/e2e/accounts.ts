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

export async function api<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers['authorization'] = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** The newest link mailed to `to` whose subject contains `subject`, as a path to open on the app. */
export async function mailedPath(to: string, subject: string): Promise<string> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const { body } = await api<OutboxMail[]>('/dev/outbox');
      found = body.filter((m) => m.to === to && m.subject.includes(subject)).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return new URL(found!.links[0]!).pathname;
}

/** Registers and verifies an account through the API. */
export async function verifiedAccount(tag: string, password = 'first-secret-1') {
  const email = uniqueEmail(tag);
  expect((await api('/api/auth/register', { body: { email, password } })).status).toBe(201);
  const path = await mailedPath(email, 'Verify');
  expect((await api(`/api/auth${path}`)).status).toBe(200);
  return { email, password };
}

export async function loginToken(email: string, password: string): Promise<string> {
  const { status, body } = await api<{ token: string }>('/api/auth/login', { body: { email, password } });
  expect(status).toBe(200);
  return body.token;
}

/** A page signed in with `token` (the stored key of spec §9), opened at `path` once the user shows. */
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
