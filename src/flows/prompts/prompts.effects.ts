/**
 * The prompt flows' real effects (PROMPT-3 to PROMPT-5, ENHANCE-1): their API calls, and the prompt field they
 * fill, which is the tool page's run given as the flow's target.
 */
import { fromPromise } from 'xstate';
import { defineFlow } from '../shared/flow.effects';
import { clearPromptHistoryMachine } from './clear-prompt-history.machine';
import { enhanceMachine } from './enhance.machine';
import { promptHistoryMachine } from './prompt-history.machine';
import { promptStylesMachine } from './prompt-styles.machine';
import type { PromptTarget } from './prompts.types';

export type PromptHistoryLogic = typeof promptHistoryMachine;
export type PromptStylesLogic = typeof promptStylesMachine;
export type EnhanceLogic = typeof enhanceMachine;
export type ClearPromptHistoryLogic = typeof clearPromptHistoryMachine;

/** The menu shows this many recent prompts. */
const HISTORY_LIMIT = '20';

const fillPrompt = ({ context }: { context: { target: PromptTarget } }, { prompt }: { prompt: string }) =>
  context.target.send({ type: 'tool.prompt', prompt });

export const promptHistoryFlow = defineFlow(promptHistoryMachine)(({ api }) => ({
  actors: {
    listPromptHistory: fromPromise(async ({ input, signal }) =>
      (await api()).listPromptHistory(
        { toolKey: input.toolKey, limit: HISTORY_LIMIT, ...(input.q ? { q: input.q } : {}) },
        { signal },
      ),
    ),
  },
  actions: { fillPrompt },
}));

export const promptStylesFlow = defineFlow(promptStylesMachine)(({ api }) => ({
  actors: {
    listPromptStyles: fromPromise(async () => (await api()).listPromptStyles()),
    createPromptStyle: fromPromise(async ({ input }) => (await api()).createPromptStyle(input)),
  },
  actions: { fillPrompt },
}));

export const enhanceFlow = defineFlow(enhanceMachine)(({ api }) => ({
  actors: {
    enhancePrompt: fromPromise(async ({ input }) => (await api()).enhancePrompt(input)),
  },
  actions: { fillPrompt },
}));

export const clearPromptHistoryFlow = defineFlow(clearPromptHistoryMachine)(({ api }) => ({
  actors: {
    clearPromptHistory: fromPromise<unknown, void>(async () => (await api()).clearPromptHistory()),
  },
}));
