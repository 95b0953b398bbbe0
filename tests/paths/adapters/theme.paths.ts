export const group = 'session';
import { expect } from 'vitest';
import { visibility } from '../sights';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { themeModel } from '../../flows/models/shell.models';
import { freeUser } from '../../../src/flows/session/session.examples';
import type { ThemeContext } from '../../../src/flows/theme/theme.machine';
import { answerOf, blockStorage, firstRender, pathDelays, type PathAdapter, type PathContext } from '../harness';
import { byOutcome } from '../causes';
import { signInThroughDialog } from './billing.paths';

const STARTING = 'xstate.done.actor.0.theme.starting';
const LOADING = 'xstate.done.actor.0.theme.remote.loading';
const SAVING = 'xstate.done.actor.0.theme.remote.saving';

const applied = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

async function showsTheme(ctx: PathContext): Promise<string> {
  const { theme } = ctx.state.context as ThemeContext;
  await expect.poll(() => applied(ctx.page)).toBe(theme);
  return `the page wears the ${theme} theme`;
}

/** The theme: the stored choice, the server's when signed in, a choice from the gallery (/themes). */
export const themePaths: PathAdapter = {
  name: 'theme',
  models: [themeModel],
  async start({ page, account }, _model, path) {
    const first = path.steps[0]?.event as (EventObject & { output?: unknown }) | undefined;
    const saved = first?.type === STARTING ? (first.output as string | null) : null;
    const signsIn = path.steps.some((s) => s.event.type === 'session.signedIn');
    // For real: the fresh account signs in, and the theme the server is to answer is saved on it first.
    const remote = path.steps.find((s) => s.event.type === LOADING)?.event as
      (EventObject & { output?: unknown }) | undefined;
    if (account && typeof remote?.output === 'string') {
      const saving = await fetch(`${account.base}/api/users/theme`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
        body: JSON.stringify({ theme: remote.output }),
      });
      expect(saving.status).toBe(200);
    }
    // The saved sign-in waits for the path's answer, however long the page takes: no startup time-out.
    await pathDelays(page, { session: ['startupTimeout'] }, path);
    await page.addInitScript(
      ([theme, token]) => {
        // Only on the first load: a later reload keeps what the app stored.
        if (sessionStorage.getItem('path-started')) return;
        sessionStorage.setItem('path-started', '1');
        if (theme) localStorage.setItem('theme', theme);
        if (token) localStorage.setItem('token', token);
      },
      [saved, signsIn ? (account?.token ?? 'path-test-token') : null] as const,
    );
    const blocked = first?.type === 'xstate.error.actor.0.theme.starting';
    if (blocked) await blockStorage(page);
    await page.goto('/themes');
    // With a saved sign-in the app renders nothing until the server answers (the path's next steps).
    if (!signsIn)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), firstRender).toBeGreaterThan(0);
    const what = blocked
      ? "the browser blocks this site's storage"
      : saved
        ? `"${saved}" stored as the theme`
        : 'no theme stored';
    const preset = account && typeof remote?.output === 'string' ? ` whose saved theme is ${remote.output}` : '';
    return `${what}${signsIn ? `, a saved sign-in${account ? ` of ${account.email}${preset}` : ''}` : ''}; open /themes`;
  },
  events: {
    async 'xstate.error.actor.0.theme.starting'() {
      return 'reading the stored theme fails (storage blocked)';
    },
    async [STARTING](_ctx, event) {
      const { output } = event as EventObject & { output: unknown };
      return `the app reads the stored theme (${output === null ? 'none' : `"${String(output)}"`})`;
    },
    async 'session.signedIn'({ page, server }) {
      // The saved sign-in is confirmed: the session signs in, and the theme follows it.
      if (!server.answered.some((a) => a.path === '/api/auth/user')) {
        const said = await server.answer('GET', '/api/auth/user', 200, freeUser);
        return `${said} (the saved sign-in is good: signed in)`;
      }
      // Signed out on the way (a longer path, a random walk's): signing in again goes through the dialog.
      await signInThroughDialog({ page, server }, freeUser, 'path-secret', 'path-test-token');
      await server.answer('GET', '/api/auth/user', 200, freeUser);
      return `click Sign In in the header → type "${freeUser.email}" and a password → click Login (the server signs in)`;
    },
    async 'session.signedOut'({ page, server }) {
      await page.getByRole('link', { name: 'Settings' }).first().click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await server.answer('POST', '/api/auth/logout', 200, { message: 'Logged out' });
      await expect.poll(() => visibility(page.getByRole('button', { name: 'Sign In' }).first())).toBe('visible');
      // Signed out while the account's theme was still being read (a longer path, a random walk's): that read
      // is answered now, too late to count, so the next sign-in's read is the one a later step answers.
      if (server.holds('GET', '/api/users/theme')) {
        const late = await server.answer('GET', '/api/users/theme', 200, { theme: null });
        return `open Settings → click Logout (the server agrees): signed out; then ${late.text}, which the page no longer waits for`;
      }
      return 'open Settings → click Logout (the server agrees): signed out';
    },
    async 'theme.select'({ page }, event) {
      const { theme } = event as unknown as { theme: string };
      if (new URL(page.url()).pathname !== '/themes') await page.getByRole('link', { name: 'Themes' }).first().click();
      const label = theme.charAt(0).toUpperCase() + theme.slice(1);
      await page.getByRole('button', { name: `Apply ${label}` }).click();
      return `click Apply on the ${label} theme`;
    },
    async [LOADING]({ server }, event) {
      const { status, body } = answerOf(event);
      const theme = (event as EventObject & { output?: unknown }).output;
      return server.answer('GET', '/api/users/theme', status, status === 200 ? { theme: theme ?? null } : body);
    },
    async 'xstate.error.actor.0.theme.remote.loading'({ server }, event) {
      const { status, body } = answerOf(event);
      return server.answer('GET', '/api/users/theme', status === 400 ? 500 : status, body);
    },
    async [SAVING]({ server }) {
      return server.answer('POST', '/api/users/theme', 200, { message: 'Theme saved' });
    },
    async 'xstate.error.actor.0.theme.remote.saving'({ server }) {
      return server.answer('POST', '/api/users/theme', 500, { message: 'offline' });
    },
  },
  causes: {
    'session.signedIn': (_event, answer) =>
      answer.path === '/api/auth/login'
        ? "sign in with a live account's address and password"
        : 'open the app with the saved sign-in of a live account: GET /api/auth/user answers its user',
    'session.signedOut': (_event, answer) =>
      answer.path === '/api/users/theme'
        ? "sign out while the page still reads the account's theme (a slow network: the read is answered after the sign-out)"
        : 'click Logout while signed in',
    [LOADING]:
      'sign in: GET /api/users/theme answers the theme the account saved (none until one is chosen while signed in)',
    'xstate.error.actor.0.theme.remote.loading': byOutcome(
      '',
      'a token the server no longer accepts (401): sign out of the same account in another tab first',
    ),
    [SAVING]: 'choose a theme on /themes while signed in',
    'xstate.error.actor.0.theme.remote.saving':
      'cannot be caused on purpose: the server refuses a known theme only on a fault of its own (a database down); a stopped server fails the request instead of answering',
  },

  // What each state shows is said by the theme machine (meta.sees); these check its named kinds.
  kinds: {
    theme: showsTheme,
    async read(ctx) {
      await expect.poll(() => ctx.server.seen).toContain('GET /api/users/theme');
      return 'the app asked the server for the saved theme';
    },
    async stored(ctx) {
      // The theme shown is the one this browser keeps too (the server's replaces the stored one).
      await expect.poll(() => stored(ctx.page)).toBe((ctx.state.context as ThemeContext).theme);
      return 'stored in this browser too';
    },
    async sent(ctx) {
      await expect.poll(() => ctx.server.seen).toContain('POST /api/users/theme');
      return 'sent to the server';
    },
  },
  // On a deployment: the fresh account's saved theme is read and a choice saved; the server's failures cannot be caused.
  real: {
    cannot(event) {
      if (event.type.startsWith('xstate.error.actor.0.theme.remote.'))
        return 'a deployment reads and saves the theme of a good sign-in: its failure cannot be caused for real';
      return null;
    },
  },
  cannotSend(event, source) {
    const { theme } = event as unknown as { theme: string };
    if (event.type === 'theme.select' && theme === 'not-a-theme') return 'the gallery offers known themes only';
    // A longer path (a random walk's) may choose again the theme the page wears: the gallery has no Apply for it.
    if (event.type === 'theme.select' && theme === (source.context as ThemeContext).theme)
      return 'the gallery shows the theme the page wears as Active, with no Apply button';
    return null;
  },
  routes: [
    ...(['sakura', null] as const).map((theme) => ({
      model: themeModel,
      events: [{ type: STARTING, output: 'forest' }, { type: 'session.signedIn' }, { type: LOADING, output: theme }],
    })),
    {
      model: themeModel,
      events: [
        { type: STARTING, output: 'forest' },
        { type: 'session.signedIn' },
        { type: 'xstate.error.actor.0.theme.remote.loading', error: new Error('offline') },
      ],
    },
    {
      model: themeModel,
      events: [
        { type: STARTING, output: 'forest' },
        { type: 'session.signedIn' },
        { type: LOADING, output: null },
        { type: 'theme.select', theme: 'ocean' },
        { type: SAVING, output: undefined },
        { type: 'session.signedOut' },
      ],
    },
    {
      model: themeModel,
      events: [
        { type: STARTING, output: 'forest' },
        { type: 'session.signedIn' },
        { type: 'theme.select', theme: 'ocean' },
        { type: 'xstate.error.actor.0.theme.remote.saving', error: new Error('offline') },
      ],
    },
  ],
};
