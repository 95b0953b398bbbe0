/**
 * Clear prompt history (PROMPT-3), in Settings: the button asks first, then DELETE /api/prompts/history forgets
 * every prompt of the account (with every tool) and says 'Prompt history cleared'; creations stay.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const CLEAR_HISTORY_CONFIRMATION =
  'Clear your prompt history? Every prompt you ran, with every tool, will be forgotten. Your creations stay.';
export const HISTORY_CLEARED = 'Prompt history cleared';
export const CLEAR_FAILED = 'Failed to clear your prompt history. Please try again.';

export interface ClearPromptHistoryContext {
  error: string | null;
  cleared: boolean;
}

export type ClearPromptHistoryEvent =
  { type: 'history.clear' } | { type: 'history.clear.confirm' } | { type: 'history.clear.cancel' };

const dialogEvents = ['history.clear.confirm', 'history.clear.cancel'];

export const clearPromptHistoryMachine = setup({
  types: {
    context: {} as ClearPromptHistoryContext,
    events: {} as ClearPromptHistoryEvent,
  },
  actors: {
    /** DELETE /api/prompts/history. */
    clearPromptHistory: fromPromise<unknown, void>(async () => notProvided('clearPromptHistory')),
  },
}).createMachine({
  id: 'clearPromptHistory',
  description: "Settings' Clear prompt history: asks first, then forgets every prompt the account ran.",
  meta: facts({ sends: ['history.clear', ...dialogEvents], rules: ['PROMPT-3'] }),
  context: { error: null, cleared: false },
  initial: 'idle',
  states: {
    idle: {
      description: "'Clear prompt history' ('Prompt history cleared' after a clear, or the last failure's message)",
      meta: facts({
        rules: ['PROMPT-3'],
        sees: [
          { role: 'button', name: 'Clear prompt history', state: 'enabled' },
          { kind: 'clearOutcome', says: "'Prompt history cleared' after a clear, the failure's message after one" },
        ],
        ignores: [{ events: dialogEvents, why: 'The confirmation is not open.' }],
      }),
      on: { 'history.clear': { target: 'confirming', actions: assign({ error: null, cleared: false }) } },
    },
    confirming: {
      description: CLEAR_HISTORY_CONFIRMATION,
      meta: facts({
        rules: ['PROMPT-3'],
        sees: [
          { role: 'dialog', name: 'Clear prompt history' },
          { role: 'button', name: 'Clear history', state: 'enabled' },
        ],
        ignores: [{ events: ['history.clear'], why: 'The confirmation is a modal dialog.' }],
      }),
      on: {
        'history.clear.confirm': { target: 'clearing' },
        'history.clear.cancel': { target: 'idle' },
      },
    },
    clearing: {
      description: 'Forgetting the prompts on the server',
      tags: ['busy'],
      meta: facts({
        rules: ['PROMPT-3'],
        sees: [{ role: 'button', name: 'Clearing...', state: 'disabled' }],
        ignores: [
          {
            events: ['history.clear', ...dialogEvents],
            why: 'The clear is in flight: the dialog waits with its buttons disabled.',
          },
        ],
      }),
      invoke: {
        id: 'clearPromptHistory',
        src: 'clearPromptHistory',
        onDone: { target: 'idle', actions: assign({ cleared: true }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error, CLEAR_FAILED) }) },
      },
    },
  },
});

export type ClearPromptHistoryMachine = typeof clearPromptHistoryMachine;
