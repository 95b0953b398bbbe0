/**
 * Sharing one creation (SHARE-4 to SHARE-6): a finished creation with a result can get a public link
 * (POST /api/creations/{id}/share), shown as a read-only field with Copy link and Open; Stop sharing asks
 * first, then revokes it (DELETE /api/creations/{id}/share), after which the link answers 404 (SHARE-3).
 * The creation's page starts it with the link the creation already has (or none).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ShareAnswer } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const SHARE_FAILED = 'Failed to make a public link. Please try again.';
export const UNSHARE_FAILED = 'Failed to stop sharing. Please try again.';
export const STOP_SHARING_CONFIRMATION =
  'Stop sharing this creation? The link will stop working for everyone who has it.';
export const LINK_COPIED = 'Link copied';

export interface CreationShareInput {
  id: string;
  /** The creation's public link while it is shared (GET /api/creations/{id} says), else null. */
  link?: ShareAnswer | null;
}

export interface CreationShareContext {
  id: string;
  link: ShareAnswer | null;
  /** The server's message (or the fallback) of the last failed call; null after a success. */
  error: string | null;
  /** Copy link was pressed since the link showed. */
  copied: boolean;
}

export type CreationShareEvent =
  | { type: 'share.create' }
  | { type: 'share.copy' }
  | { type: 'share.stop' }
  | { type: 'share.stop.confirm' }
  | { type: 'share.stop.cancel' };

const linkEvents = ['share.copy', 'share.stop'];
const dialogEvents = ['share.stop.confirm', 'share.stop.cancel'];

export const creationShareMachine = setup({
  types: {
    context: {} as CreationShareContext,
    events: {} as CreationShareEvent,
    input: {} as CreationShareInput,
  },
  actors: {
    /** POST /api/creations/{id}/share: the link (the same one while it stays shared). */
    shareCreation: fromPromise<ShareAnswer, { id: string }>(async () => notProvided('shareCreation')),
    /** DELETE /api/creations/{id}/share. */
    unshareCreation: fromPromise<unknown, { id: string }>(async () => notProvided('unshareCreation')),
  },
  actions: {
    /** The app writes the link to the clipboard. */
    copyLink: (_, _params: { url: string }) => {},
  },
  guards: {
    isShared: ({ context }) => context.link !== null,
  },
}).createMachine({
  id: 'creationShare',
  description: "A creation's public link: make it, copy or open it, and revoke it after a confirmation.",
  meta: facts({ sends: ['share.create', ...linkEvents, ...dialogEvents], rules: ['SHARE-4'] }),
  context: ({ input }) => ({ id: input.id, link: input.link ?? null, error: null, copied: false }),
  initial: 'opening',
  states: {
    opening: {
      description: 'The creation is shared already, or not',
      meta: facts({
        ignores: [
          {
            events: ['share.create', ...linkEvents, ...dialogEvents],
            why: 'Never at rest: the flow passes at once to its link or to Share, before anything shows.',
          },
        ],
      }),
      always: [{ guard: 'isShared', target: 'shared' }, { target: 'private' }],
    },
    private: {
      description: 'Not shared: the Share button (and the last failure’s message)',
      meta: facts({
        rules: ['SHARE-4'],
        sees: [
          { role: 'button', name: 'Share', state: 'enabled' },
          { kind: 'shareError', says: "the last failure's message when a call failed, else none" },
        ],
        ignores: [
          { events: linkEvents, why: 'There is no link: Copy link, Open and Stop sharing show only with one.' },
          { events: dialogEvents, why: 'The confirmation is not open.' },
        ],
      }),
      on: { 'share.create': { target: 'sharing', actions: assign({ error: null }) } },
    },
    sharing: {
      description: 'Asking the server for the public link',
      tags: ['busy'],
      meta: facts({
        rules: ['SHARE-4'],
        sees: [{ role: 'button', name: 'Sharing...', state: 'disabled' }],
        ignores: [
          {
            events: ['share.create', ...linkEvents, ...dialogEvents],
            why: 'The link is being made: the button is disabled until the server answers.',
          },
        ],
      }),
      invoke: {
        id: 'shareCreation',
        src: 'shareCreation',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shared', actions: assign({ link: ({ event }) => event.output, copied: false }) },
        onError: { target: 'private', actions: assign({ error: ({ event }) => messageOf(event.error, SHARE_FAILED) }) },
      },
    },
    shared: {
      description: 'The public link in a read-only field, with Copy link, Open and Stop sharing',
      meta: facts({
        rules: ['SHARE-4', 'SHARE-5'],
        sees: [
          {
            kind: 'link',
            says: "the link in a read-only field named 'Public link'; 'Link copied' once Copy link was pressed",
          },
          { role: 'button', name: 'Copy link', state: 'enabled' },
          { role: 'link', name: 'Open' },
          { role: 'button', name: 'Stop sharing', state: 'enabled' },
          { kind: 'shareError', says: "the last failure's message when a call failed, else none" },
        ],
        ignores: [
          { events: ['share.create'], why: 'Already shared: Share shows only without a link.' },
          { events: dialogEvents, why: 'The confirmation is not open.' },
        ],
      }),
      on: {
        'share.copy': {
          actions: [
            { type: 'copyLink', params: ({ context }) => ({ url: context.link?.url ?? '' }) },
            assign({ copied: true }),
          ],
          meta: facts({ rules: ['SHARE-5'] }),
        },
        'share.stop': { target: 'confirming', actions: assign({ error: null }) },
      },
    },
    confirming: {
      description: STOP_SHARING_CONFIRMATION,
      meta: facts({
        rules: ['SHARE-6'],
        sees: [
          { role: 'dialog', name: 'Stop sharing' },
          { role: 'button', name: 'Stop sharing', state: 'enabled' },
        ],
        ignores: [
          {
            events: ['share.create', ...linkEvents],
            why: 'The confirmation is a modal dialog: the page behind it cannot be used until it is answered.',
          },
        ],
      }),
      on: {
        'share.stop.confirm': { target: 'revoking' },
        'share.stop.cancel': { target: 'shared' },
      },
    },
    revoking: {
      description: 'Revoking the link on the server',
      tags: ['busy'],
      meta: facts({
        rules: ['SHARE-6'],
        sees: [{ role: 'button', name: 'Stopping...', state: 'disabled' }],
        ignores: [
          {
            events: ['share.create', ...linkEvents, ...dialogEvents],
            why: 'The revoke is in flight: the dialog stays open with its buttons disabled until the server answers.',
          },
        ],
      }),
      invoke: {
        id: 'unshareCreation',
        src: 'unshareCreation',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'private', actions: assign({ link: null, copied: false }) },
        onError: {
          target: 'shared',
          actions: assign({ error: ({ event }) => messageOf(event.error, UNSHARE_FAILED) }),
        },
      },
    },
  },
});

export type CreationShareMachine = typeof creationShareMachine;
