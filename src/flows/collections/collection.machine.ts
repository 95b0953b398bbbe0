/**
 * One collection's page (/creations/collections/{id}, COLLECT-9): its name over its creations, listed as My
 * creations lists them, with Rename (COLLECT-3) and Delete after a confirmation that says the creations stay
 * (COLLECT-5); once deleted the app goes back to My creations.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Collection } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const COLLECTION_FAILED = 'Failed to load the collection. Please try again.';
export const RENAME_FAILED = 'Failed to rename the collection. Please try again.';
export const DELETE_COLLECTION_FAILED = 'Failed to delete the collection. Please try again.';
export const DELETE_COLLECTION_CONFIRMATION = 'Delete this collection? The creations stay in My creations.';

export interface CollectionInput {
  id: string;
}

export interface CollectionContext {
  id: string;
  collection: Collection | null;
  /** The name field of Rename as typed. */
  name: string;
  error: string | null;
}

export type CollectionEvent =
  | { type: 'collection.reload' }
  | { type: 'collection.rename' }
  | { type: 'collection.name'; name: string }
  | { type: 'collection.save' }
  | { type: 'collection.cancel' }
  | { type: 'collection.delete' }
  | { type: 'collection.delete.confirm' }
  | { type: 'collection.delete.cancel' };

const pageEvents = ['collection.rename', 'collection.delete'];
const renameEvents = ['collection.name', 'collection.save', 'collection.cancel'];
const confirmEvents = ['collection.delete.confirm', 'collection.delete.cancel'];
const sends = ['collection.reload', ...pageEvents, ...renameEvents, ...confirmEvents];

const NO_FORM = 'Rename is not open.';
const NO_CONFIRM = 'The confirmation is not open.';
const LOADED = 'Try again shows only after a failed load.';

export const collectionMachine = setup({
  types: {
    context: {} as CollectionContext,
    events: {} as CollectionEvent,
    input: {} as CollectionInput,
  },
  actors: {
    /** GET /api/collections, this one found in it (a missing one or another account's: 'Collection not found'). */
    loadCollection: fromPromise<Collection, { id: string }>(async () => notProvided('loadCollection')),
    /** POST /api/collections/{id}. */
    renameCollection: fromPromise<Collection, { id: string; name: string }>(async () =>
      notProvided('renameCollection'),
    ),
    /** DELETE /api/collections/{id}. */
    deleteCollection: fromPromise<unknown, { id: string }>(async () => notProvided('deleteCollection')),
  },
  actions: {
    /** COLLECT-5: the collection is gone: the app goes back to My creations. */
    collectionDeleted: () => {},
  },
  guards: {
    hasName: ({ context }) => context.name.trim() !== '',
  },
}).createMachine({
  id: 'collection',
  description: "A collection's page: its name and creations, Rename, and Delete after a confirmation.",
  meta: facts({ sends, rules: ['COLLECT-9'], guards: { hasName: 'a name is typed' } }),
  context: ({ input }) => ({ id: input.id, collection: null, name: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the collection',
      tags: ['busy'],
      meta: facts({
        rules: ['COLLECT-9'],
        sees: [{ text: 'Loading...' }],
        ignores: [
          { events: ['collection.reload', ...pageEvents], why: 'Nothing is shown yet but Loading....' },
          { events: renameEvents, why: NO_FORM },
          { events: confirmEvents, why: NO_CONFIRM },
        ],
      }),
      invoke: {
        id: 'loadCollection',
        src: 'loadCollection',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: assign({ collection: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, COLLECTION_FAILED) }),
        },
      },
    },
    failed: {
      description: "The server's message (Collection not found) with Try again",
      meta: facts({
        rules: ['COLLECT-9'],
        sees: [{ kind: 'collectionFailed', says: "the server's message with Try again" }],
        ignores: [
          { events: pageEvents, why: 'No collection is shown: Rename and Delete are not.' },
          { events: renameEvents, why: NO_FORM },
          { events: confirmEvents, why: NO_CONFIRM },
        ],
      }),
      on: { 'collection.reload': { target: 'loading', actions: assign({ error: null }) } },
    },
    shown: {
      description: 'The name as the heading, Rename and Delete, and its creations below',
      meta: facts({
        rules: ['COLLECT-9'],
        sees: [
          { kind: 'collectionName', says: "the collection's name as the page's heading; a failure's message" },
          { role: 'button', name: 'Rename', state: 'enabled' },
          { role: 'button', name: 'Delete collection', state: 'enabled' },
        ],
        ignores: [
          { events: ['collection.reload'], why: LOADED },
          { events: renameEvents, why: NO_FORM },
          { events: confirmEvents, why: NO_CONFIRM },
        ],
      }),
      on: {
        'collection.rename': {
          target: 'renaming',
          actions: assign({ name: ({ context }) => context.collection?.name ?? '', error: null }),
        },
        'collection.delete': { target: 'confirming', actions: assign({ error: null }) },
      },
    },
    renaming: {
      description: 'Rename: the name in a field with Save and Cancel',
      meta: facts({
        rules: ['COLLECT-3'],
        sees: [
          { role: 'textbox', name: 'Collection name' },
          { role: 'button', name: 'Save' },
        ],
        ignores: [
          { events: ['collection.reload'], why: LOADED },
          { events: pageEvents, why: 'The form replaces Rename and Delete until it is saved or cancelled.' },
          { events: confirmEvents, why: NO_CONFIRM },
        ],
      }),
      on: {
        'collection.name': { actions: assign({ name: ({ event }) => event.name }) },
        'collection.save': { guard: 'hasName', target: 'saving', actions: assign({ error: null }) },
        'collection.cancel': { target: 'shown', actions: assign({ error: null }) },
      },
    },
    saving: {
      description: 'Renaming it on the server',
      tags: ['busy'],
      meta: facts({
        rules: ['COLLECT-3'],
        sees: [{ role: 'button', name: 'Saving...', state: 'disabled' }],
        ignores: [
          { events: ['collection.reload'], why: LOADED },
          { events: [...pageEvents, ...renameEvents], why: 'The form is disabled until the server answers.' },
          { events: confirmEvents, why: NO_CONFIRM },
        ],
      }),
      invoke: {
        id: 'renameCollection',
        src: 'renameCollection',
        input: ({ context }) => ({ id: context.id, name: context.name.trim() }),
        onDone: { target: 'shown', actions: assign({ collection: ({ event }) => event.output }) },
        onError: {
          target: 'renaming',
          actions: assign({ error: ({ event }) => messageOf(event.error, RENAME_FAILED) }),
        },
      },
    },
    confirming: {
      description: DELETE_COLLECTION_CONFIRMATION,
      meta: facts({
        rules: ['COLLECT-5'],
        sees: [{ role: 'dialog', name: 'Delete collection' }, { text: DELETE_COLLECTION_CONFIRMATION }],
        ignores: [
          {
            events: ['collection.reload', ...pageEvents, ...renameEvents],
            why: 'The confirmation is a modal dialog: the page behind it cannot be used until it is answered.',
          },
        ],
      }),
      on: {
        'collection.delete.confirm': { target: 'deleting' },
        'collection.delete.cancel': { target: 'shown' },
      },
    },
    deleting: {
      description: 'Deleting the collection on the server (its creations stay)',
      tags: ['busy'],
      meta: facts({
        rules: ['COLLECT-5'],
        sees: [{ role: 'button', name: 'Deleting...', state: 'disabled' }],
        ignores: [
          {
            events: sends,
            why: 'The delete is in flight: the dialog stays open with its buttons disabled until the server answers.',
          },
        ],
      }),
      invoke: {
        id: 'deleteCollection',
        src: 'deleteCollection',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'deleted', actions: 'collectionDeleted' },
        onError: {
          target: 'shown',
          actions: assign({ error: ({ event }) => messageOf(event.error, DELETE_COLLECTION_FAILED) }),
        },
      },
    },
    deleted: {
      description: 'Deleted: the app goes back to My creations',
      type: 'final',
      meta: facts({
        rules: ['COLLECT-5'],
        sees: [{ address: '/creations' }],
        ignores: [{ events: sends, why: 'The collection is gone and its page with it.' }],
      }),
    },
  },
});

export type CollectionMachine = typeof collectionMachine;
