export const group = 'runs';
/**
 * The tool pages' runs (RUNS-12, RUNS-13) in the browser: a tool page's form, typed and left for another
 * page, shows as it was left when the page is opened again; a sign-out forgets every one, so the page
 * opens blank. (A run that goes on while its page is left is the end-to-end test's: tests/e2e/runs.test.ts.)
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import type { PageRunsContext } from '../../../src/flows/runs/page-runs.machine';
import { pageRunId } from '../../../src/flows/runs/page-runs.machine';
import { toolByKey, type ToolKey } from '../../../src/catalog/tools';
import { toolViews } from '../../../src/features/tools/tool-views';
import { pageRunsModel } from '../../flows/models/runs.models';
import { freeUser } from '../../../src/flows/session/session.examples';
import { appReady } from '../../e2e/browser';
import { firstRender, type PathAdapter, type PathContext } from '../harness';
import { fieldValue, visibility } from '../sights';
import { signInThroughDialog } from './billing.paths';

/** What the path types into a tool page's prompt when it first opens it. */
const typed = (key: string) => `a lighthouse for ${key}`;

/** The tool pages this path has typed into since it began or last signed out (the page's own memory). */
const typedIn = new WeakMap<Page, Set<string>>();
const typedOn = (page: Page): Set<string> => {
  const keys = typedIn.get(page) ?? new Set<string>();
  typedIn.set(page, keys);
  return keys;
};

const promptOf = (page: Page, key: ToolKey) =>
  page.getByRole('textbox', { name: toolViews[key].prompt?.label ?? 'Prompt' });

/** The catalogue's way to a tool: its category in the navigation, then its card (a client-side move). */
const categoryOf: Partial<Record<ToolKey, string>> = { 'text-to-image': 'Image', 'text-to-video': 'Video' };

async function goToTool(page: Page, key: ToolKey): Promise<void> {
  const tool = toolByKey(key);
  await page
    .getByRole('link', { name: categoryOf[key] ?? '', exact: true })
    .first()
    .click();
  await page
    .getByRole('link', { name: new RegExp(tool.title) })
    .first()
    .click();
  await expect.poll(() => visibility(page.getByRole('heading', { level: 1, name: tool.title }))).toBe('visible');
}

/** The tool page shown now, if it is one of the model's. */
function shownTool(page: Page): ToolKey | null {
  const path = new URL(page.url()).pathname;
  for (const key of Object.keys(categoryOf) as ToolKey[]) if (toolByKey(key).path === path) return key;
  return null;
}

export const pageRunsPaths: PathAdapter = {
  name: 'pageRuns',
  models: [pageRunsModel],
  async start({ page, server }) {
    // A visitor: the sign-in of a path goes through the login dialog, whose server answers are standing.
    server.standing.set('GET /api/auth/user', { status: 200, body: freeUser });
    server.standing.set('GET /api/users/theme', { status: 200, body: { theme: null } });
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), firstRender).toBeGreaterThan(0);
    // The navigation is the app's once it has taken over the prerendered page.
    await appReady(page);
    return 'a visitor opens the catalogue';
  },
  events: {
    async 'pageRuns.open'(ctx, event) {
      const { key } = event as EventObject & { key: ToolKey };
      const kept = typedOn(ctx.page).has(key);
      await goToTool(ctx.page, key);
      if (kept) return `open ${toolByKey(key).title} again from the navigation`;
      typedOn(ctx.page).add(key);
      // RUNS-13: after a sign-out, or on a first visit, the form is blank; the path types a prompt to leave there.
      await expect.poll(() => fieldValue(promptOf(ctx.page, key))).toBe('');
      await promptOf(ctx.page, key).fill(typed(key));
      return `open ${toolByKey(key).title} from the navigation (a blank form) → type "${typed(key)}"`;
    },
    async 'session.signedIn'({ page, server }) {
      await signInThroughDialog({ page, server }, freeUser, 'secret1', 'page-runs-token');
      return 'click Sign In → type the email and password → click Login (the server agrees): signed in';
    },
    async 'session.signedOut'({ page, server }) {
      await page.getByRole('link', { name: 'Settings' }).first().click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await server.answer('POST', '/api/auth/logout', 200, { message: 'Logged out' });
      typedOn(page).clear();
      await expect
        .poll(() => visibility(page.getByRole('banner').getByRole('button', { name: 'Sign In' })))
        .toBe('visible');
      return 'open Settings → click Logout (the server agrees): signed out';
    },
  },
  causes: {
    'session.signedIn': "sign in with a live account's address and password",
    'session.signedOut': 'click Logout in Settings while signed in',
  },
  kinds: {
    async pages(ctx: PathContext) {
      const key = shownTool(ctx.page);
      if (key === null) return 'no tool page is shown';
      const kept = (ctx.state.context as PageRunsContext).open.includes(pageRunId(key));
      await expect.poll(() => fieldValue(promptOf(ctx.page, key))).toBe(kept ? typed(key) : '');
      return kept
        ? `${toolByKey(key).title} shows the prompt typed before: "${typed(key)}"`
        : `${toolByKey(key).title} shows a blank form`;
    },
  },
};
