export const group = 'creations';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { creationHeading, type CreationsContext } from '../../../src/flows/creations/creations.machine';
import { LINK_COPIED, type CreationShareContext } from '../../../src/flows/creations/creation-share.machine';
import type { ShareAnswer } from '../../../src/api/schemas';
import {
  creationModel,
  creationShareModel,
  creationSharedModel,
  creationsModel,
} from '../../flows/models/creations.models';
import { creation } from '../../../src/flows/creations/creations.examples';
import { serverError } from '../../flows/models/fixtures';
import { freeUser } from '../../../src/flows/session/session.examples';
import { answerOf, delayPasses, firstRender, pathDelays, type PathAdapter, type PathContext } from '../harness';
import { byOutcome, perActor, SERVER_FAULT } from '../causes';
import { fieldValue } from '../sights';
import { openSignedIn, showsErrorWithTryAgain } from './billing.paths';

/**
 * CREATIONS-20 is walked by tests/e2e/creations-readdress.test.ts against the real server with file addresses
 * that end within seconds: the path server's creations are audio runs, whose tiles show no picture to fail.
 */
const READDRESS =
  "a picture fails only with an address past its end: the path server's runs show none (tests/e2e/creations-readdress.test.ts walks it)";

const cards = (page: Page) => page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
const creationsContext = (ctx: PathContext) => ctx.state.context as CreationsContext;

/** The first page of the list (of a category, a search, filters) or the one run, as the page asks for it. */
const FIRST_PAGE = /\/api\/creations(\?(?!cursor=)[^/]*|\/c1)?$/;
const NEXT_PAGE = /\/api\/creations\?cursor=/;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search prompts' });
const selection = (page: Page) => page.getByRole('toolbar', { name: 'Selection' });

/** My creations (/creations) and one run (/creations/c1): load, load more, filter, search, select, ZIP, delete. */
export const creationsPaths: PathAdapter = {
  name: 'creations',
  models: [creationsModel, creationModel],
  async start(ctx, model, path) {
    const { only } = model.input as { only?: string };
    // RUNS-6: the pause before a list with a run in progress reads itself again, shortened where the path walks it.
    // The search's pause is long enough for the steps of a path typed within it to be checked first.
    await pathDelays(ctx.page, { creations: ['refreshInterval', 'searchPause'] }, path, { searchPause: 1_000 });
    // COLLECT-7: the toolbar reads the account's collections (none) for its Collection filter.
    ctx.server.standing.set('GET /api/collections', { status: 200, body: { items: [] } });
    return openSignedIn(ctx, freeUser, only ? `/creations/${only}` : '/creations');
  },
  events: {
    async 'creations.more'({ page }) {
      await page.getByRole('button', { name: 'Load more' }).click();
      return 'click Load more';
    },
    async 'creations.filter'({ page }, event) {
      const { category } = event as unknown as { category: string | null };
      await page
        .getByRole('group', { name: 'Filter by category' })
        .getByRole('button', { name: category ?? 'All', exact: true })
        .click();
      return `click the ${category ?? 'All'} filter`;
    },
    async 'creations.reload'({ page }) {
      await page.getByRole('button', { name: 'Try again' }).click();
      return 'click Try again';
    },
    async 'creations.delete'({ page }, event) {
      const { id } = event as unknown as { id: string };
      // c1 is the newest creation of every page the server gives: the first card.
      await cards(page).first().getByRole('button', { name: 'Delete' }).click();
      return `click Delete on ${id}`;
    },
    async 'creations.delete.confirm'({ page }) {
      await page.getByRole('dialog', { name: 'Delete creation' }).getByRole('button', { name: 'Delete' }).click();
      return 'click Delete in the confirmation';
    },
    async 'creations.delete.cancel'({ page }) {
      await page.getByRole('dialog', { name: 'Delete creation' }).getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel in the confirmation';
    },
    async 'creations.type'({ page }, event) {
      const { q } = event as unknown as { q: string };
      await searchBox(page).fill(q);
      return `type "${q}" in the search`;
    },
    async 'creations.search'({ page }) {
      await searchBox(page).press('Enter');
      return 'press Enter in the search';
    },
    async 'creations.filters'({ page }, event) {
      const { filters } = event as unknown as { filters: { status?: string | null } };
      // The status folds under More filters until one of them is set.
      const status = page.getByRole('combobox', { name: 'Status' });
      if (!(await status.isVisible())) await page.getByText('More filters', { exact: true }).click();
      await status.selectOption(filters.status ?? '');
      return `choose the status ${filters.status ?? 'Any status'}`;
    },
    async 'creations.clear'({ page }) {
      await page.getByRole('search').getByRole('button', { name: 'Clear filters' }).click();
      return 'click Clear filters';
    },
    async 'creations.select.start'({ page }) {
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      return 'click Select';
    },
    async 'creations.select.stop'({ page }) {
      await selection(page).getByRole('button', { name: 'Done' }).click();
      return 'click Done';
    },
    async 'creations.toggle'({ page }, event) {
      const { id } = event as unknown as { id: string };
      // c1 is the newest creation of every page the server gives: the first card.
      await cards(page).first().getByRole('checkbox').click();
      return `tick ${id}`;
    },
    async 'creations.selectPage'({ page }) {
      await selection(page).getByRole('button', { name: 'Select all on this page' }).click();
      return 'click Select all on this page';
    },
    async 'creations.zip'({ page }) {
      await selection(page).getByRole('button', { name: 'Download ZIP' }).click();
      return 'click Download ZIP';
    },
    async 'creations.bulkDelete'({ page }) {
      await selection(page).getByRole('button', { name: 'Delete' }).click();
      return 'click Delete in the selection bar';
    },
    async 'creations.bulkDelete.confirm'({ page }) {
      await page.getByRole('dialog', { name: 'Delete creations' }).getByRole('button', { name: 'Delete' }).click();
      return 'click Delete in the confirmation of several';
    },
    async 'creations.bulkDelete.cancel'({ page }) {
      await page.getByRole('dialog', { name: 'Delete creations' }).getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel in the confirmation of several';
    },
    async 'creations.patch'({ page, server }, event) {
      // COLLECT-1: c1's star (its tile's, or its page's) pressed and saved: the list is told and patched in place.
      const { ids } = event as unknown as { ids: string[] };
      const onTile = cards(page)
        .first()
        .getByRole('button', { name: /^Star(red)?: / });
      const star = (await onTile.count())
        ? onTile
        : page.getByRole('main').getByRole('button', { name: /^Star(red)?$/ });
      const pressed = (await star.getAttribute('aria-pressed')) === 'true';
      await star.click();
      const answered = await server.answer('POST', `/api/creations/${pressed ? 'unstar' : 'star'}`, 200, {
        changed: 1,
        message: `1 creation ${pressed ? 'unstarred' : 'starred'}`,
      });
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe(String(!pressed));
      return `click the star of ${ids.join(', ')}; ${String(answered)}`;
    },
    async 'creations.neighbour'({ page, server }, event) {
      const { which } = event as unknown as { which: 'previous' | 'next' };
      // CREATIONS-18: the page's own keys (the links send the same event); the focus is on no field. The model's
      // creation has a newer run, c0, before it: its page opens (c0 answers with the same prompt).
      server.standing.set('GET /api/creations/c0', {
        status: 200,
        body: { ...creation('c0'), previous: null, next: 'c1' },
      });
      await page.locator('body').press(which === 'previous' ? 'ArrowLeft' : 'ArrowRight');
      if (which === 'previous') await expect.poll(() => new URL(page.url()).pathname).toBe('/creations/c0');
      return `press ${which === 'previous' ? '←' : '→'} for the ${which} creation`;
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      if (event.type.endsWith('.downloadZip')) return server.answer('POST', '/api/creations/zip', status, body);
      if (event.type.endsWith('.deleteCreations')) return server.answer('POST', '/api/creations/delete', status, body);
      if (event.type.endsWith('.deleteCreation')) return server.answer('DELETE', '/api/creations/c1', status, body);
      if (event.type.endsWith('.loadMore')) return server.answer('GET', NEXT_PAGE, status, body);
      // .loadPage and .refreshPage: the first page again (or the one run).
      // The one-run page asks for that run alone (GET /api/creations/c1): the answer is its one item.
      const single = (body as { items?: unknown[] } | undefined)?.items;
      const one = status === 200 && server.seen.includes('GET /api/creations/c1') ? single?.[0] : body;
      return server.answer('GET', FIRST_PAGE, status, one);
    },
    'xstate.after.*': delayPasses,
  },
  causes: {
    'creations.patch': 'press Star on a finished creation (its tile or its page)',
    'xstate.*': perActor({
      loadPage: byOutcome(
        'open My Creations signed in after a few runs (or /creations/<id> of one of them)',
        (_answer, message) =>
          /not found/i.test(message)
            ? 'open /creations/<id> of a creation that was deleted (or another account’s): "Creation not found"'
            : 'cannot be caused on purpose: the server fails to list creations only on a fault of its own (a database down)',
      ),
      loadMore: byOutcome('open My Creations with more runs than one page holds, then Load more', SERVER_FAULT),
      refreshPage: byOutcome(
        'open My Creations while a `[slow]` run is still being made: the list reads it again every 4 s until it ends',
        SERVER_FAULT,
      ),
      deleteCreation: byOutcome(
        'delete a creation and confirm',
        'delete a creation already deleted in another tab: "Creation not found"',
      ),
      downloadZip: byOutcome(
        'Select, tick creations, Download ZIP',
        'Select a creation, delete it in another tab, then Download ZIP: "Creation not found"',
      ),
      deleteCreations: byOutcome(
        'Select, tick creations, Delete and confirm',
        'Select creations, start a run in another tab that makes one of them… or delete one elsewhere first: the server refuses the whole set',
      ),
    }),
  },

  // CREATIONS-8: a search typed and emptied again before the pause: the pause then changes nothing
  // (the shortest way there, typing the empty text into the empty field, is no change for the page).
  routes: (['ready', 'failed'] as const).map((state) => ({
    model: creationsModel,
    events: [
      state === 'ready'
        ? { type: 'xstate.done.actor.loadPage', output: { items: [creation('c1')], nextCursor: null } }
        : { type: 'xstate.error.actor.loadPage', error: serverError('Database unavailable') },
      { type: 'creations.type', q: 'piano' },
      { type: 'creations.type', q: '' },
      { type: `xstate.after.searchPause.creations.browsing.${state === 'ready' ? 'listed.ready' : state}.typing` },
    ],
  })),

  // What each state shows is said by the creations machine (meta.sees); these check its named kinds.
  kinds: {
    async list(ctx) {
      const { items, nextCursor, error, category, filters, selecting, selected, only } = creationsContext(ctx);
      // The one-run page (/creations/c1): the creation titled by its prompt (CREATIONS-18), or the word that it is gone.
      if (only !== null) {
        const shown = items[0];
        const heading = ctx.page.getByRole('heading', { level: 1 });
        // After ← / →, the neighbour's page loads before its title shows: as long as a first render may take.
        if (shown) await expect.poll(() => heading.textContent(), firstRender).toBe(creationHeading(shown));
        // Deleted: the page says so, or the app has gone back to the list.
        else
          await expect
            .poll(
              async () =>
                (await ctx.page.getByText('This creation has been deleted.').count()) > 0 ||
                new URL(ctx.page.url()).pathname === '/creations',
            )
            .toBe(true);
        return shown ? `the creation titled "${creationHeading(shown)}"` : 'the creation is gone';
      }
      await expect.poll(() => cards(ctx.page).count()).toBe(items.length);
      // CREATIONS-8: an empty answer to a search or filter says so.
      const filtered = Object.values(filters).some((v) => v !== null);
      if (items.length === 0 && filtered)
        await expect.poll(() => ctx.page.getByText('No creations match').count()).toBe(1);
      // CREATIONS-10: Select mode's count and a checkbox on each finished run.
      if (selecting && items.length > 0) {
        await expect.poll(() => selection(ctx.page).getByText(`${selected.length} selected`).count()).toBe(1);
        const finished = items.filter((c) => c.status !== 'processing' && c.status !== 'starting').length;
        await expect.poll(() => cards(ctx.page).getByRole('checkbox').count()).toBe(finished);
      }
      await expect.poll(() => ctx.page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => ctx.page.getByRole('button', { name: 'Load more' }).count()).toBe(nextCursor ? 1 : 0);
      if (error) await expect.poll(() => ctx.page.getByRole('alert').filter({ hasText: error }).count()).toBe(1);
      // RUNS-6: a run's status as the list last read it ('In progress' until a read says it has finished).
      const running = items.filter((c) => c.status === 'processing' || c.status === 'starting').length;
      await expect.poll(() => cards(ctx.page).filter({ hasText: 'In progress' }).count()).toBe(running);
      return `${items.length} creation(s)${category ? ` of ${category}` : ''}${filtered ? ' (filtered)' : ''}${
        running ? `, ${running} in progress` : ''
      }${selecting ? `, ${selected.length} selected` : ''}${nextCursor ? ' and Load more' : ''}${
        error ? ` and "${error}"` : ''
      }`;
    },
    failed: (ctx) => showsErrorWithTryAgain(ctx.page, creationsContext(ctx).error),
  },
  cannotSend(event, source) {
    if (
      event.type === 'creations.type' &&
      (event as unknown as { q: string }).q === (source.context as CreationsContext).draft
    )
      return 'typing the text the search field already holds changes nothing in the field';
    if (event.type === 'creations.delete' && (event as unknown as { id: string }).id !== 'c1')
      return 'Delete is offered only on the creations listed';
    if (event.type === 'creations.readdress') return READDRESS;
    const shown = (source.context as CreationsContext).items.find((c) => c.id === 'c1');
    if (event.type === 'creations.patch' && (!shown || shown.status === 'processing' || shown.status === 'starting'))
      return 'a star shows only on a finished creation listed (c1 is gone or still being made)';
    return null;
  },
  unreachable: Object.fromEntries(
    [
      'creations.browsing.listed.ready.idle --creations.readdress--> creations.browsing.listed.ready.readdressing',
      'creations.browsing.listed.ready.idle --creations.readdress--> creations.browsing.listed.ready.idle',
      'creations.browsing.listed.ready.refreshing --creations.readdress--> creations.browsing.listed.ready.refreshing',
      'creations.browsing.listed.ready.refreshing --creations.readdress--> creations.browsing.listed.ready.readdressing',
      'creations.browsing.listed.ready.readdressing --xstate.done.actor.reloadPages--> creations.browsing.listed.ready.idle',
      'creations.browsing.listed.ready.readdressing --xstate.error.actor.reloadPages--> creations.browsing.listed.ready.idle',
    ].map((key) => [key, READDRESS]),
  ),
};

/** The one-run page's creation, with its public link or none (GET /api/creations/c1). */
const sharedCreation = (link: ShareAnswer | null) => ({
  ...creation('c1'),
  parameters: { prompt: 'calm piano', duration: 30 },
  uploads: [],
  seed: null,
  durationMs: 2000,
  shared: link,
});
const shareContext = (ctx: PathContext) => ctx.state.context as CreationShareContext;
const shareRegion = (page: Page) => page.getByRole('region', { name: 'Share' });

/** A creation's public link (/creations/c1): Share, Copy link, Stop sharing with its confirmation. */
export const creationSharePaths: PathAdapter = {
  name: 'creationShare',
  models: [creationShareModel, creationSharedModel],
  async start(ctx, model) {
    const { link } = model.input as { link?: ShareAnswer };
    ctx.server.standing.set('GET /api/creations/c1', { status: 200, body: sharedCreation(link ?? null) });
    const opened = await openSignedIn(ctx, freeUser, '/creations/c1');
    await expect.poll(() => shareRegion(ctx.page).count(), firstRender).toBe(1);
    return `${opened}: a finished creation${link ? ' already shared' : ''}`;
  },
  events: {
    async 'share.create'({ page }) {
      await shareRegion(page).getByRole('button', { name: 'Share', exact: true }).click();
      return 'click Share';
    },
    async 'share.copy'({ page }) {
      await shareRegion(page).getByRole('button', { name: 'Copy link' }).click();
      return 'click Copy link';
    },
    async 'share.stop'({ page }) {
      await shareRegion(page).getByRole('button', { name: 'Stop sharing' }).click();
      return 'click Stop sharing';
    },
    async 'share.stop.confirm'({ page }) {
      await page.getByRole('dialog', { name: 'Stop sharing' }).getByRole('button', { name: 'Stop sharing' }).click();
      return 'click Stop sharing in the confirmation';
    },
    async 'share.stop.cancel'({ page }) {
      await page.getByRole('dialog', { name: 'Stop sharing' }).getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel in the confirmation';
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      const method = event.type.endsWith('.unshareCreation') ? 'DELETE' : 'POST';
      return server.answer(method, '/api/creations/c1/share', status, body);
    },
  },
  causes: {
    'xstate.*': perActor({
      shareCreation: byOutcome(
        'press Share on the page of a finished creation with a result',
        'press Share on a creation that failed or is still being made (the server answers 409)',
      ),
      unshareCreation: byOutcome(
        'press Stop sharing on a shared creation and confirm',
        'stop sharing a creation deleted meanwhile in another tab: "Creation not found"',
      ),
    }),
  },
  kinds: {
    async link({ page, state }) {
      const { link, copied } = shareContext({ state } as PathContext);
      await expect
        .poll(() => fieldValue(shareRegion(page).getByRole('textbox', { name: 'Public link' })))
        .toBe(link?.url ?? '');
      await expect.poll(() => shareRegion(page).getByText(LINK_COPIED).count()).toBe(copied ? 1 : 0);
      return `the link ${link?.url ?? ''} in its field${copied ? ", and 'Link copied'" : ''}`;
    },
    async shareError({ page, state }) {
      const { error } = shareContext({ state } as PathContext);
      await expect.poll(() => shareRegion(page).getByRole('alert').count()).toBe(error ? 1 : 0);
      if (error) await expect.poll(() => shareRegion(page).getByRole('alert').textContent()).toBe(error);
      return error ? `the message "${error}"` : 'no message';
    },
  },
};
