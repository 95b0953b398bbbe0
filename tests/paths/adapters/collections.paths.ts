export const group = 'collections';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import type { StarContext } from '../../../src/flows/collections/star.machine';
import type { CollectionsContext } from '../../../src/flows/collections/collections.machine';
import { type CollectionContext } from '../../../src/flows/collections/collection.machine';
import { creation } from '../../../src/flows/creations/creations.examples';
import { freeUser } from '../../../src/flows/session/session.examples';
import { collectionModel, collectionsModel, starModel } from '../../flows/models/collections.models';
import { answerOf, type PathAdapter } from '../harness';
import { byOutcome, perActor } from '../causes';
import { openSignedIn, showsErrorWithTryAgain } from './billing.paths';

/** The one-run page's creation (GET /api/creations/c1), not starred. */
const onePage = {
  ...creation('c1'),
  starred: false,
  collectionIds: [],
  parameters: { prompt: 'calm piano', duration: 30 },
  uploads: [],
  seed: null,
  durationMs: 2000,
  shared: null,
  previous: null,
  next: null,
};
const STAR = /\/api\/creations\/(un)?star$/;

const starButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^Star(red)?$/ });

/** COLLECT-1: a creation's star on its page (/creations/c1): pressed, answered, shown. */
export const starPaths: PathAdapter = {
  name: 'star',
  models: [starModel],
  async start(ctx) {
    ctx.server.standing.set('GET /api/creations/c1', { status: 200, body: onePage });
    const opened = await openSignedIn(ctx, freeUser, '/creations/c1');
    await expect.poll(() => starButton(ctx.page).count()).toBe(1);
    return `${opened}: a finished creation, not starred`;
  },
  events: {
    async 'star.toggle'({ page }) {
      await starButton(page).click();
      return 'click the star';
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      return server.answer('POST', STAR, status, body);
    },
  },
  causes: {
    'xstate.*': perActor({
      saveStar: byOutcome(
        'press Star (or Starred) on a finished creation of the account',
        'press Star on a creation deleted meanwhile in another tab: "Creation not found"',
      ),
    }),
  },
  kinds: {
    async star({ page, state }) {
      const { starred, error } = state.context as StarContext;
      const button = starButton(page);
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(starred));
      await expect.poll(() => button.textContent()).toBe(starred ? 'Starred' : 'Star');
      if (error) await expect.poll(() => page.getByRole('alert').filter({ hasText: error }).count()).toBe(1);
      return `the star ${starred ? 'pressed (Starred)' : 'not pressed (Star)'}${error ? ` and "${error}"` : ''}`;
    },
  },
};

const cards = (page: Page) => page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
const selection = (page: Page) => page.getByRole('toolbar', { name: 'Selection' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Add to collection' });

/** Select mode with c1 ticked: what Star and Add to collection… act on. */
async function selectC1(page: Page): Promise<void> {
  if ((await selection(page).count()) === 0) await page.getByRole('button', { name: 'Select', exact: true }).click();
  const box = cards(page).first().getByRole('checkbox');
  if (!(await box.isChecked())) await box.click();
}

/** COLLECT-4: My creations' Select mode: Star, and Add to collection… with its dialog. */
export const collectionsPaths: PathAdapter = {
  name: 'collections',
  models: [collectionsModel],
  async start(ctx) {
    ctx.server.standing.set('GET /api/creations', {
      status: 200,
      body: { items: [{ ...creation('c1'), starred: false, collectionIds: [] }], nextCursor: null },
    });
    return openSignedIn(ctx, freeUser, '/creations');
  },
  events: {
    async 'collections.star'({ page }) {
      await selectC1(page);
      await selection(page).getByRole('button', { name: 'Star', exact: true }).click();
      return 'Select, tick c1, click Star';
    },
    async 'collections.open'({ page }) {
      await selectC1(page);
      await selection(page).getByRole('button', { name: 'Add to collection…' }).click();
      return 'Select, tick c1, click Add to collection…';
    },
    async 'collections.choose'({ page }, event) {
      const { id } = event as unknown as { id: string };
      await dialog(page).getByRole('checkbox', { name: 'Keep' }).click();
      return `tick the collection Keep (${id})`;
    },
    async 'collections.name'({ page }, event) {
      const { name } = event as unknown as { name: string };
      await dialog(page).getByRole('textbox', { name: 'New collection' }).fill(name);
      return `type "${name}" as the new collection's name`;
    },
    async 'collections.create'({ page }) {
      await dialog(page).getByRole('button', { name: 'Create' }).click();
      return 'click Create';
    },
    async 'collections.add'({ page }) {
      await dialog(page).getByRole('button', { name: 'Add', exact: true }).click();
      return 'click Add';
    },
    async 'collections.cancel'({ page }) {
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel';
    },
    async 'xstate.*'({ server, state }, event: EventObject) {
      const { status, body } = answerOf(event);
      if (event.type.endsWith('.loadCollections')) return server.answer('GET', '/api/collections', status, body);
      if (event.type.endsWith('.starCreations')) return server.answer('POST', '/api/creations/star', status, body);
      if (event.type.endsWith('.createCollection')) return server.answer('POST', '/api/collections', status, body);
      // addToCollections: one call per collection ticked (each answers its sentence); a refusal stops at the first.
      const items = /\/api\/collections\/[^/]+\/items$/;
      if (status >= 300) return server.answer('POST', items, status, body);
      const { chosen } = state.context as CollectionsContext;
      const said = [];
      for (const _ of chosen) said.push(await server.answer('POST', items, 200, { changed: 1, message: String(body) }));
      return said.map(String).join('; ');
    },
  },
  causes: {
    'xstate.*': perActor({
      loadCollections: byOutcome('open My creations signed in', 'cannot be caused on purpose'),
      starCreations: byOutcome(
        'Select, tick a finished creation, Star',
        'Select a creation, delete it in another tab, then Star: "Creation not found"',
      ),
      createCollection: byOutcome(
        'Add to collection…, type a new name, Create',
        'Add to collection…, type the name of a collection the account has already (any case), Create',
      ),
      addToCollections: byOutcome(
        'Add to collection…, tick a collection, Add',
        'Select a creation, delete it in another tab, then add it: "Creation not found"',
      ),
    }),
  },
  cannotSend(event, source) {
    const { collections } = source.context as CollectionsContext;
    if (
      event.type === 'collections.choose' &&
      !collections.some((c) => c.id === (event as unknown as { id: string }).id)
    )
      return 'the dialog has a checkbox only for the collections it lists';
    return null;
  },
  kinds: {
    async collectNotice({ page, state }) {
      const { notice, error } = state.context as CollectionsContext;
      if (error) await expect.poll(() => page.getByRole('alert').filter({ hasText: error }).count()).toBe(1);
      else if (notice) await expect.poll(() => page.getByRole('status').filter({ hasText: notice }).count()).toBe(1);
      await expect.poll(() => dialog(page).count()).toBe(0);
      return error ? `"${error}"` : notice ? `"${notice}"` : 'no sentence';
    },
    async collectDialog({ page, state }) {
      const { collections, chosen, error } = state.context as CollectionsContext;
      const boxes = dialog(page).getByRole('checkbox');
      await expect.poll(() => boxes.count()).toBe(collections.length);
      for (const c of collections)
        await expect
          .poll(() => dialog(page).getByRole('checkbox', { name: c.name }).isChecked())
          .toBe(chosen.includes(c.id));
      await expect
        .poll(() => dialog(page).getByRole('button', { name: 'Add', exact: true }).isEnabled())
        .toBe(chosen.length > 0);
      if (error) await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe(error);
      return `${collections.length} collection(s), ${chosen.length} ticked${error ? `, "${error}"` : ''}`;
    },
  },
};

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Collection name' });

/** COLLECT-3, COLLECT-5, COLLECT-9: a collection's page (/creations/collections/k1): load, rename, delete. */
export const collectionPaths: PathAdapter = {
  name: 'collection',
  models: [collectionModel],
  async start(ctx) {
    ctx.server.standing.set('GET /api/creations', {
      status: 200,
      body: { items: [{ ...creation('c1'), starred: false, collectionIds: ['k1'] }], nextCursor: null },
    });
    await ctx.page.addInitScript(() => localStorage.setItem('token', 'path-test-token'));
    ctx.server.standing.set('GET /api/auth/user', { status: 200, body: freeUser });
    ctx.server.standing.set('GET /api/users/theme', { status: 200, body: { theme: null } });
    await ctx.page.goto('/creations/collections/k1');
    return `signed in as ${freeUser.email}, open /creations/collections/k1`;
  },
  events: {
    async 'collection.reload'({ page }) {
      await page.getByRole('button', { name: 'Try again' }).click();
      return 'click Try again';
    },
    async 'collection.rename'({ page }) {
      await page.getByRole('button', { name: 'Rename' }).click();
      return 'click Rename';
    },
    async 'collection.name'({ page }, event) {
      const { name } = event as unknown as { name: string };
      await nameField(page).fill(name);
      return `type "${name}" as the name`;
    },
    async 'collection.save'({ page }) {
      await page.getByRole('button', { name: 'Save' }).click();
      return 'click Save';
    },
    async 'collection.cancel'({ page }) {
      await page.getByRole('main').getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel';
    },
    async 'collection.delete'({ page }) {
      await page.getByRole('button', { name: 'Delete collection' }).click();
      return 'click Delete collection';
    },
    async 'collection.delete.confirm'({ page }) {
      await page.getByRole('dialog', { name: 'Delete collection' }).getByRole('button', { name: 'Delete' }).click();
      return 'click Delete in the confirmation';
    },
    async 'collection.delete.cancel'({ page }) {
      await page.getByRole('dialog', { name: 'Delete collection' }).getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel in the confirmation';
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      if (event.type.endsWith('.renameCollection')) return server.answer('POST', '/api/collections/k1', status, body);
      if (event.type.endsWith('.deleteCollection')) return server.answer('DELETE', '/api/collections/k1', status, body);
      // loadCollection: the account's collections, this one among them (or, refused, the server's word).
      return server.answer('GET', '/api/collections', status, status < 300 ? { items: [body] } : body);
    },
  },
  causes: {
    'xstate.*': perActor({
      loadCollection: byOutcome(
        "open a collection's page from My creations",
        'cannot be caused with a real server: it lists the collections, and a missing one is the page’s own "Collection not found"',
      ),
      renameCollection: byOutcome(
        'Rename, type a new name, Save',
        'Rename to the name of another collection of the account (any case)',
      ),
      deleteCollection: byOutcome(
        'Delete collection and confirm',
        'delete a collection already deleted in another tab: "Collection not found"',
      ),
    }),
  },
  kinds: {
    collectionFailed: ({ page, state }) => showsErrorWithTryAgain(page, (state.context as CollectionContext).error),
    async collectionName({ page, state }) {
      const { collection: shown, error } = state.context as CollectionContext;
      await expect.poll(() => heading(page).textContent()).toBe(shown?.name ?? '');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      if (error) await expect.poll(() => page.getByRole('alert').filter({ hasText: error }).count()).toBe(1);
      return `the heading "${shown?.name ?? ''}"${error ? ` and "${error}"` : ''}`;
    },
  },
};
