/** Flow models of the prompt flows: Recent prompts, styles, Enhance prompt and Clear prompt history. */
import type { ClearPromptHistoryContext } from '../../../src/flows/prompts/clear-prompt-history.machine';
import { clearPromptHistoryMachine } from '../../../src/flows/prompts/clear-prompt-history.machine';
import { enhanceMachine, type EnhanceContext } from '../../../src/flows/prompts/enhance.machine';
import { promptHistoryMachine, type PromptHistoryContext } from '../../../src/flows/prompts/prompt-history.machine';
import { promptStylesMachine, type PromptStylesContext } from '../../../src/flows/prompts/prompt-styles.machine';
import {
  cinematic,
  offlineSuggestion,
  promptFlowInput,
  recentPrompts,
} from '../../../src/flows/prompts/prompts.examples';
import { defineModel } from '../model-paths';
import { serverError, silentError } from './fixtures';

/** A list read that fails as a server does: its database away (a 500), or no message at all. */
const unavailable = serverError('Database unavailable', { status: 500 });

export const promptHistoryModel = defineModel({
  machine: promptHistoryMachine,
  input: promptFlowInput,
  events: {
    'history.open': [{ type: 'history.open' as const }],
    'history.close': [{ type: 'history.close' as const }],
    'history.search': [{ type: 'history.search' as const, q: 'fox' }],
    'history.retry': [{ type: 'history.retry' as const }],
    'history.choose': [{ type: 'history.choose' as const, prompt: 'a red fox' }],
  },
  actors: {
    listPromptHistory: { done: [recentPrompts, { prompts: [] }], error: [unavailable, silentError] },
  },
  context: (c: PromptHistoryContext) => [c.q !== '', c.prompts.length > 0, c.error !== null],
});

export const promptStylesModel = defineModel({
  machine: promptStylesMachine,
  input: { target: promptFlowInput.target },
  events: {
    'styles.open': [{ type: 'styles.open' as const }],
    'styles.close': [{ type: 'styles.close' as const }],
    'styles.retry': [{ type: 'styles.retry' as const }],
    'styles.choose': [
      { type: 'styles.choose' as const, id: cinematic.id },
      { type: 'styles.choose' as const, id: 'unknown' },
    ],
    'styles.apply': [{ type: 'styles.apply' as const, prompt: 'a red fox' }],
    'styles.save.open': [{ type: 'styles.save.open' as const, prompt: 'a red fox' }],
    'styles.save.submit': [
      { type: 'styles.save.submit' as const, style: { name: 'Cinematic', template: 'cinematic still of {prompt}' } },
    ],
    'styles.save.cancel': [{ type: 'styles.save.cancel' as const }],
  },
  actors: {
    listPromptStyles: { done: [{ styles: [cinematic] }, { styles: [] }], error: [unavailable, silentError] },
    createPromptStyle: {
      done: [cinematic],
      error: [serverError('You already have a style with this name.', { status: 409 }), silentError],
    },
  },
  context: (c: PromptStylesContext) => [c.styles.length > 0, c.chosen !== null, c.error !== null, c.saved],
});

export const enhanceModel = defineModel({
  machine: enhanceMachine,
  input: promptFlowInput,
  events: {
    'enhance.start': [
      { type: 'enhance.start' as const, prompt: 'a red fox' },
      { type: 'enhance.start' as const, prompt: '  ' },
    ],
    'enhance.undo': [{ type: 'enhance.undo' as const }],
  },
  actors: {
    enhancePrompt: {
      done: [offlineSuggestion, { prompt: 'A red fox in the snow at dawn', source: 'openai' as const }],
      error: [
        serverError('Too many prompt enhancements. Please try again in 12 minutes.', { status: 429 }),
        silentError,
      ],
    },
  },
  context: (c: EnhanceContext) => [c.source, c.error !== null],
});

export const clearPromptHistoryModel = defineModel({
  machine: clearPromptHistoryMachine,
  events: {
    'history.clear': [{ type: 'history.clear' as const }],
    'history.clear.confirm': [{ type: 'history.clear.confirm' as const }],
    'history.clear.cancel': [{ type: 'history.clear.cancel' as const }],
  },
  actors: {
    clearPromptHistory: {
      done: [{ cleared: 2, message: 'Prompt history cleared' }],
      error: [unavailable, silentError],
    },
  },
  context: (c: ClearPromptHistoryContext) => [c.cleared, c.error !== null],
});
