/**
 * A person's collections on My creations (COLLECT-3, COLLECT-4, COLLECT-7): read once for the Collection filter,
 * and Select mode's two actions on the chosen creations: Star (COLLECT-4), and Add to collection… (a dialog that
 * lists the collections, each a checkbox, and makes a new one by name). Once the server has agreed, the page is
 * told (`collected`) so its list shows the new stars and collections without reading them again.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { ChangedAnswer, Collection } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const COLLECTIONS_FAILED = 'Failed to load your collections. Please try again.';
export const COLLECT_STAR_FAILED = 'Failed to star the creations. Please try again.';
export const CREATE_FAILED = 'Failed to make the collection. Please try again.';
export const ADD_FAILED = 'Failed to add the creations. Please try again.';

export interface CollectionsContext {
  collections: readonly Collection[];
  /** The creations Star or Add to collection… acts on (Select mode's choice when it was pressed). */
  ids: readonly string[];
  /** The collections ticked in the dialog. */
  chosen: readonly string[];
  /** The dialog's new collection name as typed. */
  name: string;
  /** The last success's sentence ('2 creations added to Keep'); null until one. */
  notice: string | null;
  error: string | null;
}

export type CollectionsEvent =
  | { type: 'collections.star'; ids: readonly string[] }
  | { type: 'collections.open'; ids: readonly string[] }
  | { type: 'collections.choose'; id: string }
  | { type: 'collections.name'; name: string }
  | { type: 'collections.create' }
  | { type: 'collections.add' }
  | { type: 'collections.cancel' };

/** Told to the page once the server has agreed. */
export type CollectionsEmitted = {
  type: 'collected';
  ids: readonly string[];
  starred?: boolean;
  collectionIds?: readonly string[];
};

const pageEvents = ['collections.star', 'collections.open'];
const dialogEvents = [
  'collections.choose',
  'collections.name',
  'collections.create',
  'collections.add',
  'collections.cancel',
];
const sends = [...pageEvents, ...dialogEvents];

const DIALOG_CLOSED = 'The Add to collection dialog is not open.';
const MODAL = 'The dialog is modal: the page behind it cannot be used until it is closed.';

export const collectionsMachine = setup({
  types: {
    context: {} as CollectionsContext,
    events: {} as CollectionsEvent,
    emitted: {} as CollectionsEmitted,
  },
  actors: {
    /** GET /api/collections. */
    loadCollections: fromPromise<{ items: Collection[] }>(async () => notProvided('loadCollections')),
    /** POST /api/creations/star: all or none. */
    starCreations: fromPromise<ChangedAnswer, { ids: readonly string[] }>(async () => notProvided('starCreations')),
    /** POST /api/collections. */
    createCollection: fromPromise<Collection, { name: string }>(async () => notProvided('createCollection')),
    /** POST /api/collections/{id}/items for each collection ticked: all or none each. */
    addToCollections: fromPromise<string, { collectionIds: readonly string[]; ids: readonly string[] }>(async () =>
      notProvided('addToCollections'),
    ),
  },
  guards: {
    hasIds: (_, p: { ids: readonly string[] }) => p.ids.length > 0,
    listed: ({ context }, p: { id: string }) => context.collections.some((c) => c.id === p.id),
    hasName: ({ context }) => context.name.trim() !== '',
    hasChosen: ({ context }) => context.chosen.length > 0,
  },
}).createMachine({
  id: 'collections',
  description: "A person's collections: the Collection filter's choices, and Select mode's Star and Add to collection.",
  meta: facts({
    sends,
    rules: ['COLLECT-3', 'COLLECT-4'],
    guards: {
      hasIds: 'some creations are chosen',
      listed: 'the collection is one of the list',
      hasName: 'a name is typed',
      hasChosen: 'a collection is ticked',
    },
  }),
  context: {
    collections: [],
    ids: [],
    chosen: [],
    name: '',
    notice: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: "Reading the person's collections",
      tags: ['busy'],
      meta: facts({
        rules: ['COLLECT-7'],
        ignores: [
          { events: pageEvents, why: 'Star and Add to collection… are disabled until the collections are read.' },
          { events: dialogEvents, why: DIALOG_CLOSED },
        ],
      }),
      invoke: {
        id: 'loadCollections',
        src: 'loadCollections',
        onDone: { target: 'ready', actions: assign({ collections: ({ event }) => event.output.items }) },
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => messageOf(event.error, COLLECTIONS_FAILED) }),
        },
      },
    },
    ready: {
      description: "Select mode's Star and Add to collection…, with the last success's sentence or failure's message",
      meta: facts({
        rules: ['COLLECT-4'],
        sees: [{ kind: 'collectNotice', says: "the last success's sentence or failure's message, else none" }],
        ignores: [{ events: dialogEvents, why: DIALOG_CLOSED }],
      }),
      on: {
        'collections.star': {
          guard: { type: 'hasIds', params: ({ event }) => event },
          target: 'starring',
          actions: assign({ ids: ({ event }) => event.ids, error: null, notice: null }),
        },
        'collections.open': {
          guard: { type: 'hasIds', params: ({ event }) => event },
          target: 'choosing',
          actions: assign({ ids: ({ event }) => event.ids, chosen: [], name: '', error: null, notice: null }),
        },
      },
    },
    starring: {
      description: 'Starring the chosen creations on the server, all or none',
      tags: ['busy', 'starring'],
      meta: facts({
        rules: ['COLLECT-2', 'COLLECT-4'],
        sees: [{ role: 'button', name: 'Starring...', state: 'disabled' }],
        ignores: [
          { events: pageEvents, why: 'The star is in flight: Star and Add to collection… are disabled.' },
          { events: dialogEvents, why: DIALOG_CLOSED },
        ],
      }),
      invoke: {
        id: 'starCreations',
        src: 'starCreations',
        input: ({ context }) => ({ ids: context.ids }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ notice: ({ event }) => event.output.message }),
            emit(({ context }) => ({ type: 'collected' as const, ids: context.ids, starred: true })),
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => messageOf(event.error, COLLECT_STAR_FAILED) }),
        },
      },
    },
    choosing: {
      description: 'The Add to collection dialog: a checkbox per collection, a new name with Create, Add and Cancel',
      meta: facts({
        rules: ['COLLECT-3', 'COLLECT-4'],
        sees: [
          { role: 'dialog', name: 'Add to collection' },
          {
            kind: 'collectDialog',
            says: "a checkbox per collection (ticked as chosen); Add enabled once one is; the last failure's message",
          },
        ],
        ignores: [{ events: pageEvents, why: MODAL }],
      }),
      on: {
        'collections.choose': {
          guard: { type: 'listed', params: ({ event }) => event },
          actions: assign({
            chosen: ({ context, event }) =>
              context.chosen.includes(event.id)
                ? context.chosen.filter((id) => id !== event.id)
                : [...context.chosen, event.id],
          }),
        },
        'collections.name': { actions: assign({ name: ({ event }) => event.name }) },
        'collections.create': { guard: 'hasName', target: 'creating', actions: assign({ error: null }) },
        'collections.add': { guard: 'hasChosen', target: 'adding', actions: assign({ error: null }) },
        'collections.cancel': { target: 'ready', actions: assign({ error: null }) },
      },
    },
    creating: {
      description: 'Making the new collection on the server',
      tags: ['busy'],
      meta: facts({
        rules: ['COLLECT-3'],
        sees: [{ role: 'button', name: 'Creating...', state: 'disabled' }],
        ignores: [
          { events: pageEvents, why: MODAL },
          { events: dialogEvents, why: "The dialog's controls are disabled until the server answers." },
        ],
      }),
      invoke: {
        id: 'createCollection',
        src: 'createCollection',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: {
          target: 'choosing',
          // The new collection is listed and ticked, ready for Add.
          actions: assign({
            collections: ({ context, event }) => [...context.collections, event.output],
            chosen: ({ context, event }) => [...context.chosen, event.output.id],
            name: '',
          }),
        },
        onError: {
          target: 'choosing',
          actions: assign({ error: ({ event }) => messageOf(event.error, CREATE_FAILED) }),
        },
      },
    },
    adding: {
      description: 'Adding the chosen creations to the ticked collections, all or none each',
      tags: ['busy'],
      meta: facts({
        rules: ['COLLECT-2', 'COLLECT-4'],
        sees: [{ role: 'button', name: 'Adding...', state: 'disabled' }],
        ignores: [
          { events: pageEvents, why: MODAL },
          { events: dialogEvents, why: "The dialog's controls are disabled until the server answers." },
        ],
      }),
      invoke: {
        id: 'addToCollections',
        src: 'addToCollections',
        input: ({ context }) => ({ collectionIds: context.chosen, ids: context.ids }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ notice: ({ event }) => event.output }),
            emit(({ context }) => ({ type: 'collected' as const, ids: context.ids, collectionIds: context.chosen })),
          ],
        },
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => messageOf(event.error, ADD_FAILED) }) },
      },
    },
  },
});

export type CollectionsMachine = typeof collectionsMachine;
