/**
 * One creation's star (COLLECT-1): a toggle button on its tile in My creations, on its page and on a tool page's
 * finished result. Pressing it stars or unstars the creation on the server; the button shows the new state once
 * the server has agreed, and the page is told (`starChanged`) so a list that shows the creation follows.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const STAR_FAILED = 'Failed to change the star. Please try again.';

export interface StarInput {
  id: string;
  /** Whether the creation is starred as the page last read it. */
  starred?: boolean | undefined;
}

export interface StarContext {
  id: string;
  starred: boolean;
  /** The last failure's message; null after a success. */
  error: string | null;
}

export type StarEvent = { type: 'star.toggle' };

/** Told to the page once the server has agreed: the creation's new star. */
export type StarEmitted = { type: 'starChanged'; id: string; starred: boolean };

export const starMachine = setup({
  types: {
    context: {} as StarContext,
    events: {} as StarEvent,
    input: {} as StarInput,
    emitted: {} as StarEmitted,
  },
  actors: {
    /** POST /api/creations/star or /unstar with this one creation. */
    saveStar: fromPromise<unknown, { id: string; starred: boolean }>(async () => notProvided('saveStar')),
  },
}).createMachine({
  id: 'star',
  description: "A creation's star: a toggle button that stars or unstars it on the server.",
  meta: facts({ sends: ['star.toggle'], rules: ['COLLECT-1'] }),
  context: ({ input }) => ({ id: input.id, starred: input.starred ?? false, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: "The toggle: 'Star' (not pressed) or 'Starred' (pressed), and the last failure's message",
      meta: facts({
        rules: ['COLLECT-1'],
        sees: [
          {
            kind: 'star',
            says: "the toggle pressed and named 'Starred' while starred, else 'Star'; a failure's message",
          },
        ],
      }),
      on: { 'star.toggle': { target: 'saving', actions: assign({ error: null }) } },
    },
    saving: {
      description: 'Starring or unstarring it on the server',
      tags: ['busy'],
      meta: facts({
        rules: ['COLLECT-1'],
        sees: [{ kind: 'star', says: 'the toggle disabled until the server answers' }],
        ignores: [{ events: ['star.toggle'], why: 'The toggle is disabled while the server answers.' }],
      }),
      invoke: {
        id: 'saveStar',
        src: 'saveStar',
        input: ({ context }) => ({ id: context.id, starred: !context.starred }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ starred: ({ context }) => !context.starred }),
            emit(({ context }) => ({ type: 'starChanged' as const, id: context.id, starred: context.starred })),
          ],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error, STAR_FAILED) }) },
      },
    },
  },
});

export type StarMachine = typeof starMachine;
