/**
 * Saved prompt styles (PROMPT-5): 'Styles' lists the account's styles (GET /api/prompts/styles); choosing one
 * shows 'Final prompt: …' under the field (its template with what is typed in the `{prompt}` slot) with Apply,
 * which puts that final prompt in the field. 'Save as style…' opens a dialog (name and template, the template
 * filled in from what is typed) and saves it (POST /api/prompts/styles); the server's refusal shows in the dialog.
 */
import { assign, fromPromise, setup } from 'xstate';
import { applyStyle, PROMPT_SLOT } from '../../catalog/prompt-words';
import type { PromptStyle, PromptStyleBody, PromptStylesAnswer } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';
import type { PromptTarget } from './prompts.types';

export const STYLES_FAILED = 'Failed to load your styles. Please try again.';
export const STYLE_SAVE_FAILED = 'Failed to save the style. Please try again.';
export const NO_STYLES = 'No styles yet. Save a prompt as a style to reuse its words.';
export const STYLE_SAVED = 'Style saved';

/** PROMPT-5: the template a new style starts from: the slot, then what is typed. */
export const templateFrom = (typed: string) => (typed.trim() ? `${PROMPT_SLOT}, ${typed.trim()}` : PROMPT_SLOT);

export interface PromptStylesInput {
  target: PromptTarget;
}

export interface PromptStylesContext {
  target: PromptTarget;
  styles: PromptStyle[];
  /** The style whose final prompt shows under the field. */
  chosen: PromptStyle | null;
  /** The dialog's template as it opens. */
  template: string;
  error: string | null;
  /** 'Style saved' after a save, until the next action. */
  saved: boolean;
}

export type PromptStylesEvent =
  | { type: 'styles.open' }
  | { type: 'styles.close' }
  | { type: 'styles.retry' }
  | { type: 'styles.choose'; id: string }
  | { type: 'styles.apply'; prompt: string }
  | { type: 'styles.save.open'; prompt: string }
  | { type: 'styles.save.submit'; style: PromptStyleBody }
  | { type: 'styles.save.cancel' };

const menuEvents = ['styles.close', 'styles.retry', 'styles.choose'];
const dialogEvents = ['styles.save.submit', 'styles.save.cancel'];
const startEvents = ['styles.open', 'styles.save.open'];

/** The dialog opens on a template made from what is typed, with no error. */
const dialogFrom = (prompt: string) => ({ template: templateFrom(prompt), error: null, saved: false });

export const promptStylesMachine = setup({
  types: {
    context: {} as PromptStylesContext,
    events: {} as PromptStylesEvent,
    input: {} as PromptStylesInput,
  },
  actors: {
    /** GET /api/prompts/styles. */
    listPromptStyles: fromPromise<PromptStylesAnswer, void>(async () => notProvided('listPromptStyles')),
    /** POST /api/prompts/styles. */
    createPromptStyle: fromPromise<PromptStyle, PromptStyleBody>(async () => notProvided('createPromptStyle')),
  },
  actions: {
    /** The app writes the final prompt into the tool page's prompt field (its run's `tool.prompt`). */
    fillPrompt: (_, _params: { prompt: string }) => {},
  },
  guards: {
    known: ({ context, event }) => event.type === 'styles.choose' && context.styles.some((s) => s.id === event.id),
  },
}).createMachine({
  id: 'promptStyles',
  description: 'Saved styles: choose one to see and apply its final prompt, or save the prompt as a new style.',
  meta: facts({
    sends: [...startEvents, ...menuEvents, 'styles.apply', ...dialogEvents],
    rules: ['PROMPT-5'],
    guards: { known: 'the chosen style is one of the list' },
  }),
  context: ({ input }) => ({
    target: input.target,
    styles: [],
    chosen: null,
    template: PROMPT_SLOT,
    error: null,
    saved: false,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: "'Styles' and 'Save as style…' beside the field ('Style saved' after a save)",
      meta: facts({
        rules: ['PROMPT-5'],
        sees: [
          { role: 'button', name: 'Styles', state: 'enabled' },
          { role: 'button', name: 'Save as style…', state: 'enabled' },
        ],
        ignores: [
          { events: [...menuEvents, 'styles.apply'], why: 'No menu and no chosen style: they show after Styles.' },
          { events: dialogEvents, why: 'The dialog is not open.' },
        ],
      }),
      on: {
        'styles.open': { target: 'loading', actions: assign({ error: null, saved: false }) },
        'styles.save.open': { target: 'editing', actions: assign(({ event }) => dialogFrom(event.prompt)) },
      },
    },
    loading: {
      description: "Reading the account's styles",
      tags: ['menu', 'busy'],
      meta: facts({
        rules: ['PROMPT-5'],
        sees: [{ role: 'dialog', name: 'Styles' }],
        ignores: [
          { events: [...startEvents, 'styles.retry', 'styles.choose', 'styles.apply'], why: 'The list is loading.' },
          { events: dialogEvents, why: 'The dialog is not open.' },
        ],
      }),
      invoke: {
        id: 'listPromptStyles',
        src: 'listPromptStyles',
        onDone: { target: 'menu', actions: assign({ styles: ({ event }) => event.output.styles }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, STYLES_FAILED) }) },
      },
      on: { 'styles.close': { target: 'closed' } },
    },
    menu: {
      description: "The account's styles by name (or 'No styles yet')",
      tags: ['menu'],
      meta: facts({
        rules: ['PROMPT-5'],
        sees: [
          { role: 'dialog', name: 'Styles' },
          { kind: 'styleOptions', says: "each style as an option, or 'No styles yet…'" },
        ],
        ignores: [
          { events: ['styles.open', 'styles.retry', 'styles.apply'], why: 'The menu is open: choose a style first.' },
          { events: dialogEvents, why: 'The dialog is not open.' },
        ],
      }),
      on: {
        'styles.choose': {
          guard: 'known',
          target: 'chosen',
          actions: assign({ chosen: ({ context, event }) => context.styles.find((s) => s.id === event.id) ?? null }),
        },
        'styles.close': { target: 'closed' },
        'styles.save.open': { target: 'editing', actions: assign(({ event }) => dialogFrom(event.prompt)) },
      },
    },
    failed: {
      description: 'The styles could not load: why, and Try again',
      tags: ['menu'],
      meta: facts({
        rules: ['PROMPT-5'],
        sees: [
          { role: 'dialog', name: 'Styles' },
          { role: 'button', name: 'Try again', state: 'enabled' },
          { kind: 'stylesError', says: "the server's message, or the fallback" },
        ],
        ignores: [
          { events: ['styles.open', 'styles.choose', 'styles.apply'], why: 'No list to choose from.' },
          { events: dialogEvents, why: 'The dialog is not open.' },
        ],
      }),
      on: {
        'styles.retry': { target: 'loading', actions: assign({ error: null }) },
        'styles.close': { target: 'closed' },
        'styles.save.open': { target: 'editing', actions: assign(({ event }) => dialogFrom(event.prompt)) },
      },
    },
    chosen: {
      description: "'Final prompt: …' under the field, with Apply and Cancel",
      meta: facts({
        rules: ['PROMPT-5'],
        sees: [
          { kind: 'finalPrompt', says: "'Final prompt: ' and the style's template with what is typed in its slot" },
          { role: 'button', name: 'Apply', state: 'enabled' },
        ],
        ignores: [
          { events: ['styles.retry', 'styles.choose'], why: 'A style is chosen: Apply it, or Cancel.' },
          { events: dialogEvents, why: 'The dialog is not open.' },
        ],
      }),
      on: {
        'styles.apply': {
          target: 'closed',
          actions: [
            {
              type: 'fillPrompt',
              params: ({ context, event }) => ({ prompt: applyStyle(context.chosen?.template ?? '', event.prompt) }),
            },
            assign({ chosen: null }),
          ],
          meta: facts({ rules: ['PROMPT-5'] }),
        },
        'styles.close': { target: 'closed', actions: assign({ chosen: null }) },
        'styles.open': { target: 'loading', actions: assign({ chosen: null }) },
        'styles.save.open': {
          target: 'editing',
          actions: assign(({ event }) => ({ ...dialogFrom(event.prompt), chosen: null })),
        },
      },
    },
    editing: {
      description: "The 'Save as style' dialog: name and template (and the server's refusal)",
      meta: facts({
        rules: ['PROMPT-5'],
        sees: [
          { role: 'dialog', name: 'Save as style' },
          { role: 'button', name: 'Save style', state: 'enabled' },
          { kind: 'saveError', says: "the server's refusal of the last save, else none" },
        ],
        ignores: [
          {
            events: [...startEvents, ...menuEvents, 'styles.apply'],
            why: 'The dialog is modal: the page behind it waits until it is saved or cancelled.',
          },
        ],
      }),
      on: {
        'styles.save.submit': { target: 'saving', actions: assign({ error: null }) },
        'styles.save.cancel': { target: 'closed', actions: assign({ error: null }) },
      },
    },
    saving: {
      description: 'Saving the style',
      tags: ['busy'],
      meta: facts({
        rules: ['PROMPT-5'],
        sees: [
          { role: 'dialog', name: 'Save as style' },
          { role: 'button', name: 'Saving...', state: 'disabled' },
        ],
        ignores: [
          {
            events: [...startEvents, ...menuEvents, 'styles.apply', ...dialogEvents],
            why: 'The save is in flight: the dialog waits for the server.',
          },
        ],
      }),
      invoke: {
        id: 'createPromptStyle',
        src: 'createPromptStyle',
        input: ({ event }) => (event.type === 'styles.save.submit' ? event.style : { name: '', template: '' }),
        onDone: {
          target: 'closed',
          actions: assign({ styles: ({ context, event }) => [...context.styles, event.output], saved: true }),
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => messageOf(event.error, STYLE_SAVE_FAILED) }),
        },
      },
    },
  },
});

export type PromptStylesMachine = typeof promptStylesMachine;
