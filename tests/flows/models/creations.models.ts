/** Flow models of My creations: the list (load, load more, filter, delete confirm) and the one-run page. */
import {
  anyFilter,
  creationsMachine,
  neighbourOf,
  type CreationsContext,
} from '../../../src/flows/creations/creations.machine';
import { creationShareMachine, type CreationShareContext } from '../../../src/flows/creations/creation-share.machine';
import { defineModel } from '../model-paths';
import { serverError, silentError } from './fixtures';
import { creation, shareLink } from '../../../src/flows/creations/creations.examples';

const first = { items: [creation('c1'), creation('c2')], nextCursor: 'cursor-2' };
const last = { items: [creation('c1')], nextCursor: null };
/** CREATIONS-18: the one-run page's creation with a newer run before it and none after it. */
const between = { items: [{ ...creation('c1'), previous: 'c0', next: null }], nextCursor: null };
/** RUNS-6: c1 still being made, so the list reads itself again after a pause. */
const running = {
  items: [creation('c1', { status: 'processing', output: null, completedAt: null })],
  nextCursor: null,
};

/** CREATIONS-20: a thumbnail's address signed long ago (FILES-2's `exp` in the past). */
const expiredThumb = `/files/outputs/${'a'.repeat(32)}.webp?exp=1&sig=x`;

const events = {
  'creations.more': [{ type: 'creations.more' as const }],
  'creations.filter': [{ type: 'creations.filter' as const, category: 'Audio' as const }],
  'creations.reload': [{ type: 'creations.reload' as const }],
  'creations.delete': [
    { type: 'creations.delete' as const, id: 'c1' },
    { type: 'creations.delete' as const, id: 'unknown' },
  ],
  'creations.delete.confirm': [{ type: 'creations.delete.confirm' as const }],
  'creations.delete.cancel': [{ type: 'creations.delete.cancel' as const }],
  // CREATIONS-8..12: the search, the filters, Select mode, the ZIP and the delete of several.
  // Typed, then emptied again before the pause: the search is then what it was, and nothing reloads.
  'creations.type': [
    { type: 'creations.type' as const, q: 'piano' },
    { type: 'creations.type' as const, q: '' },
  ],
  'creations.search': [{ type: 'creations.search' as const }],
  'creations.filters': [
    { type: 'creations.filters' as const, filters: { status: 'failed' as const } },
    { type: 'creations.filters' as const, filters: { status: null } },
  ],
  'creations.clear': [{ type: 'creations.clear' as const }],
  'creations.select.start': [{ type: 'creations.select.start' as const }],
  'creations.select.stop': [{ type: 'creations.select.stop' as const }],
  'creations.toggle': [{ type: 'creations.toggle' as const, id: 'c1' }],
  'creations.selectPage': [{ type: 'creations.selectPage' as const }],
  'creations.zip': [{ type: 'creations.zip' as const }],
  'creations.bulkDelete': [{ type: 'creations.bulkDelete' as const }],
  'creations.bulkDelete.confirm': [{ type: 'creations.bulkDelete.confirm' as const }],
  'creations.bulkDelete.cancel': [{ type: 'creations.bulkDelete.cancel' as const }],
  // CREATIONS-20: a picture failed with an address past its end (read again), or with one still valid (nothing to mend).
  'creations.readdress': [
    { type: 'creations.readdress' as const, url: expiredThumb },
    {
      type: 'creations.readdress' as const,
      url: `/files/outputs/${'b'.repeat(32)}.webp?exp=${Date.now() + 3_600_000}&sig=x`,
    },
  ],
  // COLLECT-1: a star toggled on c1 (its tile or its page) patches the list in place.
  'creations.patch': [{ type: 'creations.patch' as const, ids: ['c1'], starred: true }],
  // CREATIONS-18: Previous (there is one) and Next (there is none) on a creation's page.
  'creations.neighbour': [
    { type: 'creations.neighbour' as const, which: 'previous' as const },
    { type: 'creations.neighbour' as const, which: 'next' as const },
  ],
};

/**
 * What decides the path: whether a next page exists, whether c1 is still listed, whether it is still being
 * made, whether a search or filter is set or typed, and Select mode with or without a choice.
 */
const key = (c: CreationsContext) => [
  c.nextCursor !== null,
  c.items.some((i) => i.id === 'c1'),
  c.items.some((i) => i.status === 'processing'),
  anyFilter(c.filters),
  (c.draft.trim() || null) !== c.filters.q,
  c.selecting,
  c.selected.length > 0,
  neighbourOf(c, 'previous') !== null,
];
const bulk = {
  downloadZip: { done: [undefined], error: [serverError('Creation not found')] },
  deleteCreations: {
    done: [{ deleted: 1, message: '1 creation deleted' }],
    error: [serverError('A creation is still being made')],
  },
};

export const creationsModel = defineModel({
  machine: creationsMachine,
  input: {},
  events,
  actors: {
    loadPage: { done: [first, last, running], error: [serverError('Database unavailable'), silentError] },
    loadMore: { done: [{ items: [creation('c3')], nextCursor: null }], error: [silentError] },
    // The run has finished by the next read, or the read fails (the list stays, the next pause tries again).
    refreshPage: { done: [last], error: [silentError] },
    reloadPages: { done: [first.items], error: [silentError] },
    deleteCreation: { done: [{ message: 'Creation deleted' }], error: [serverError('Creation not found')] },
    ...bulk,
  },
  context: key,
});

export const creationModel = defineModel({
  machine: creationsMachine,
  input: { only: 'c1' },
  events,
  actors: {
    loadPage: { done: [last, between], error: [serverError('Creation not found')] },
    loadMore: { done: [last], error: [silentError] },
    refreshPage: { done: [last], error: [silentError] },
    reloadPages: { done: [last.items], error: [silentError] },
    deleteCreation: { done: [{ message: 'Creation deleted' }], error: [serverError('Creation not found')] },
    ...bulk,
  },
  context: key,
});

const shareEvents = {
  'share.create': [{ type: 'share.create' as const }],
  'share.copy': [{ type: 'share.copy' as const }],
  'share.stop': [{ type: 'share.stop' as const }],
  'share.stop.confirm': [{ type: 'share.stop.confirm' as const }],
  'share.stop.cancel': [{ type: 'share.stop.cancel' as const }],
};
const shareActors = {
  shareCreation: {
    done: [shareLink],
    error: [serverError('Only a finished creation with a result can be shared'), silentError],
  },
  unshareCreation: { done: [{ message: 'Link revoked' }], error: [serverError('Creation not found'), silentError] },
};
const shareKey = (c: CreationShareContext) => [c.link !== null, c.error !== null, c.copied];

export const creationShareModel = defineModel({
  machine: creationShareMachine,
  input: { id: 'c1' },
  events: shareEvents,
  actors: shareActors,
  context: shareKey,
});

/** The page of a creation already shared: it opens on its link. */
export const creationSharedModel = defineModel({
  machine: creationShareMachine,
  input: { id: 'c1', link: shareLink },
  events: shareEvents,
  actors: shareActors,
  context: shareKey,
});
