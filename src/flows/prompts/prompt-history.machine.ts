/**
 * Recent prompts (PROMPT-4): the prompt field's menu of the prompts the account ran with this tool
 * (GET /api/prompts/history), most recent first, searched as the person types in its search field; choosing one
 * puts it in the field and closes the menu. Opened by its button or by ↑ in an empty field; signed in only.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { PromptHistoryAnswer, PromptHistoryEntry } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';
import type { PromptTarget } from './prompts.types';

export const HISTORY_FAILED = 'Failed to load your recent prompts. Please try again.';
export const NO_PROMPTS = 'No prompts yet';
export const NO_MATCH = 'No prompts match';

export interface PromptHistoryInput {
  toolKey: string;
  target: PromptTarget;
}

export interface PromptHistoryContext {
  toolKey: string;
  target: PromptTarget;
  /** The menu's search field. */
  q: string;
  prompts: PromptHistoryEntry[];
  error: string | null;
}

export type PromptHistoryEvent =
  | { type: 'history.open' }
  | { type: 'history.close' }
  | { type: 'history.search'; q: string }
  | { type: 'history.retry' }
  | { type: 'history.choose'; prompt: string };

const openEvents = ['history.close', 'history.search'];

export const promptHistoryMachine = setup({
  types: {
    context: {} as PromptHistoryContext,
    events: {} as PromptHistoryEvent,
    input: {} as PromptHistoryInput,
  },
  actors: {
    /** GET /api/prompts/history?toolKey&q&limit. */
    listPromptHistory: fromPromise<PromptHistoryAnswer, { toolKey: string; q: string }>(async () =>
      notProvided('listPromptHistory'),
    ),
  },
  actions: {
    /** The app writes the chosen prompt into the tool page's prompt field (its run's `tool.prompt`). */
    fillPrompt: (_, _params: { prompt: string }) => {},
  },
}).createMachine({
  id: 'promptHistory',
  description: "Recent prompts: the tool's prompts the account ran, searched, one chosen into the field.",
  meta: facts({
    sends: ['history.open', 'history.choose', 'history.retry', ...openEvents],
    rules: ['PROMPT-4'],
  }),
  context: ({ input }) => ({ toolKey: input.toolKey, target: input.target, q: '', prompts: [], error: null }),
  initial: 'closed',
  states: {
    closed: {
      description: "The 'Recent prompts' button beside the field",
      meta: facts({
        rules: ['PROMPT-4'],
        sees: [{ role: 'button', name: 'Recent prompts', state: 'enabled' }],
        ignores: [
          {
            events: [...openEvents, 'history.retry', 'history.choose'],
            why: 'The menu is closed: its search, its list and Try again show only while it is open.',
          },
        ],
      }),
      on: { 'history.open': { target: 'loading', actions: assign({ q: '', error: null }) } },
    },
    loading: {
      description: 'Reading the tool’s recent prompts (those that contain the search)',
      tags: ['open', 'busy'],
      meta: facts({
        rules: ['PROMPT-4'],
        sees: [
          { role: 'dialog', name: 'Recent prompts' },
          { role: 'searchbox', name: 'Search recent prompts' },
        ],
        ignores: [
          { events: ['history.open'], why: 'The menu is open already.' },
          { events: ['history.retry', 'history.choose'], why: 'The list is loading: nothing to choose or retry yet.' },
        ],
      }),
      invoke: {
        id: 'listPromptHistory',
        src: 'listPromptHistory',
        input: ({ context }) => ({ toolKey: context.toolKey, q: context.q.trim() }),
        onDone: { target: 'listed', actions: assign({ prompts: ({ event }) => event.output.prompts }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, HISTORY_FAILED), prompts: [] }),
        },
      },
      on: {
        'history.search': { target: 'loading', reenter: true, actions: assign({ q: ({ event }) => event.q }) },
        'history.close': { target: 'closed' },
      },
    },
    listed: {
      description: "The tool's recent prompts, most recent first (or 'No prompts yet' / 'No prompts match')",
      tags: ['open'],
      meta: facts({
        rules: ['PROMPT-4'],
        sees: [
          { role: 'dialog', name: 'Recent prompts' },
          { role: 'searchbox', name: 'Search recent prompts' },
          { kind: 'recentPrompts', says: "each prompt as an option, or 'No prompts yet' / 'No prompts match'" },
        ],
        ignores: [
          { events: ['history.open'], why: 'The menu is open already.' },
          { events: ['history.retry'], why: 'The list loaded: Try again shows only after a failure.' },
        ],
      }),
      on: {
        'history.search': { target: 'loading', actions: assign({ q: ({ event }) => event.q }) },
        'history.choose': {
          target: 'closed',
          actions: { type: 'fillPrompt', params: ({ event }) => ({ prompt: event.prompt }) },
          meta: facts({ rules: ['PROMPT-4'] }),
        },
        'history.close': { target: 'closed' },
      },
    },
    failed: {
      description: 'The list could not load: why, and Try again',
      tags: ['open'],
      meta: facts({
        rules: ['PROMPT-4'],
        sees: [
          { role: 'dialog', name: 'Recent prompts' },
          { role: 'button', name: 'Try again', state: 'enabled' },
          { kind: 'historyError', says: "the server's message, or the fallback" },
        ],
        ignores: [
          { events: ['history.open'], why: 'The menu is open already.' },
          { events: ['history.choose'], why: 'No list to choose from.' },
        ],
      }),
      on: {
        'history.retry': { target: 'loading', actions: assign({ error: null }) },
        'history.search': { target: 'loading', actions: assign({ q: ({ event }) => event.q, error: null }) },
        'history.close': { target: 'closed' },
      },
    },
  },
});

export type PromptHistoryMachine = typeof promptHistoryMachine;
