export const group = 'prompts';
/**
 * The prompt flows through the built app: Recent prompts, Styles and Enhance on the Text to Image page (signed
 * in), and Clear prompt history in Settings. The server's answers are given by the steps (tests/paths/harness.ts).
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import {
  clearPromptHistoryModel,
  enhanceModel,
  promptHistoryModel,
  promptStylesModel,
} from '../../flows/models/prompts.models';
import type { PromptHistoryContext } from '../../../src/flows/prompts/prompt-history.machine';
import { NO_MATCH, NO_PROMPTS } from '../../../src/flows/prompts/prompt-history.machine';
import { NO_STYLES, type PromptStylesContext } from '../../../src/flows/prompts/prompt-styles.machine';
import { OFFLINE_SUGGESTION, type EnhanceContext } from '../../../src/flows/prompts/enhance.machine';
import {
  HISTORY_CLEARED,
  type ClearPromptHistoryContext,
} from '../../../src/flows/prompts/clear-prompt-history.machine';
import { applyStyle } from '../../../src/catalog';
import { freeUser } from '../../../src/flows/session/session.examples';
import { answerOf, answersCall, firstRender, type PathAdapter, type PathContext } from '../harness';
import { byOutcome, perActor, SERVER_FAULT } from '../causes';
import { openSignedIn } from './billing.paths';
import { visibility } from '../sights';

const TOOL_PATH = '/image-models/text-to-image';

/** The Text to Image page, signed in, once its prompt tools have loaded (after hydration). */
async function openPromptTools(ctx: Omit<PathContext, 'state'>): Promise<string> {
  const said = await openSignedIn(ctx, freeUser, TOOL_PATH);
  await expect
    .poll(() => visibility(ctx.page.getByRole('button', { name: 'Recent prompts', exact: true })), firstRender)
    .toBe('visible');
  return said;
}

const promptField = (page: Page) => page.getByRole('textbox', { name: 'Prompt', exact: true });
const historyMenu = (page: Page) => page.getByRole('dialog', { name: 'Recent prompts' });
const stylesMenu = (page: Page) => page.getByRole('dialog', { name: 'Styles' });
const saveDialog = (page: Page) => page.getByRole('dialog', { name: 'Save as style' });
const preview = (page: Page) => page.getByRole('group', { name: 'Style preview' });

/** An alert with `error` on the page (or none with any of `known` when there is none). */
async function showsError(page: Page, error: string | null, scope = page.locator('body')): Promise<string> {
  if (error) {
    await expect.poll(() => scope.getByRole('alert').filter({ hasText: error }).count()).toBeGreaterThan(0);
    return `the message "${error}"`;
  }
  return 'no message';
}

/** Recent prompts (PROMPT-4). */
export const promptHistoryPaths: PathAdapter = {
  name: 'promptHistory',
  models: [promptHistoryModel],
  start: (ctx) => openPromptTools(ctx),
  events: {
    async 'history.open'({ page }) {
      await page.getByRole('button', { name: 'Recent prompts', exact: true }).click();
      return 'click Recent prompts';
    },
    async 'history.close'({ page }) {
      await page.getByRole('searchbox', { name: 'Search recent prompts' }).press('Escape');
      return 'press Escape in the menu';
    },
    async 'history.search'({ page }, event) {
      const { q } = event as unknown as { q: string };
      await page.getByRole('searchbox', { name: 'Search recent prompts' }).fill(q);
      return `type "${q}" in the search`;
    },
    async 'history.retry'({ page }) {
      await historyMenu(page).getByRole('button', { name: 'Try again' }).click();
      return 'click Try again';
    },
    async 'history.choose'({ page }, event) {
      const { prompt } = event as unknown as { prompt: string };
      await historyMenu(page).getByRole('option', { name: prompt, exact: true }).click();
      await expect.poll(() => promptField(page).inputValue()).toBe(prompt);
      return `choose "${prompt}" (the field then holds it)`;
    },
    'xstate.*': answersCall('GET', /\/api\/prompts\/history\?/),
  },
  causes: {
    'xstate.*': byOutcome(
      'open Recent prompts on a tool page after running a few prompts there (or search them)',
      SERVER_FAULT,
      'cannot be caused on purpose: the server fails to read the history only on a fault of its own (a database down)',
    ),
  },
  cannotSend: (event, source) => {
    if (event.type !== 'history.choose') return null;
    const { prompts } = source.context as PromptHistoryContext;
    const { prompt } = event as unknown as { prompt: string };
    return prompts.some((p) => p.prompt === prompt) ? null : 'the list has no such prompt to choose';
  },
  kinds: {
    async recentPrompts({ page, state }) {
      const { prompts, q } = state.context as PromptHistoryContext;
      const options = historyMenu(page).getByRole('option');
      await expect.poll(() => options.count()).toBe(prompts.length);
      if (prompts.length === 0) {
        const text = q.trim() ? NO_MATCH : NO_PROMPTS;
        await expect.poll(() => historyMenu(page).getByText(text, { exact: true }).count()).toBe(1);
        return `'${text}'`;
      }
      return `the prompts ${prompts.map((p) => `"${p.prompt}"`).join(', ')} as options`;
    },
    historyError: ({ page, state }) =>
      showsError(page, (state.context as PromptHistoryContext).error, historyMenu(page)),
  },
};

/** Styles and Save as style… (PROMPT-5). */
export const promptStylesPaths: PathAdapter = {
  name: 'promptStyles',
  models: [promptStylesModel],
  start: (ctx) => openPromptTools(ctx),
  events: {
    async 'styles.open'({ page }) {
      await page.getByRole('button', { name: 'Styles', exact: true }).click();
      return 'click Styles';
    },
    async 'styles.close'({ page }) {
      // A chosen style's preview closes by its Cancel; the menu by Styles again.
      if (await preview(page).isVisible()) {
        await preview(page).getByRole('button', { name: 'Cancel' }).click();
        return 'click Cancel under the final prompt';
      }
      await page.getByRole('button', { name: 'Styles', exact: true }).click();
      return 'click Styles again';
    },
    async 'styles.retry'({ page }) {
      await stylesMenu(page).getByRole('button', { name: 'Try again' }).click();
      return 'click Try again';
    },
    async 'styles.choose'({ page }) {
      await stylesMenu(page).getByRole('option').first().click();
      return 'choose the style Cinematic';
    },
    async 'styles.apply'({ page }, event) {
      const { prompt } = event as unknown as { prompt: string };
      await promptField(page).fill(prompt);
      await preview(page).getByRole('button', { name: 'Apply' }).click();
      const final = applyStyle('cinematic still of {prompt}', prompt);
      await expect.poll(() => promptField(page).inputValue()).toBe(final);
      return `type "${prompt}", click Apply: the field holds "${final}"`;
    },
    async 'styles.save.open'({ page }, event) {
      const { prompt } = event as unknown as { prompt: string };
      await promptField(page).fill(prompt);
      await page.getByRole('button', { name: 'Save as style…' }).click();
      return `type "${prompt}", click Save as style…`;
    },
    async 'styles.save.submit'({ page }, event) {
      const { style } = event as unknown as { style: { name: string; template: string } };
      await saveDialog(page).getByLabel('Name').fill(style.name);
      await saveDialog(page).getByLabel('Template').fill(style.template);
      await saveDialog(page).getByRole('button', { name: 'Save style' }).click();
      return `name it "${style.name}" with "${style.template}", click Save style`;
    },
    async 'styles.save.cancel'({ page }) {
      await saveDialog(page).getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel in the dialog';
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      const method = event.type.endsWith('.createPromptStyle') ? 'POST' : 'GET';
      return server.answer(method, '/api/prompts/styles', status, body);
    },
  },
  causes: {
    'xstate.*': perActor({
      listPromptStyles: byOutcome('click Styles on a tool page', SERVER_FAULT),
      createPromptStyle: byOutcome(
        'Save as style… with a new name and a template holding {prompt}',
        'save a style under a name the account already uses (409)',
      ),
    }),
  },
  cannotSend: (event, source) => {
    if (event.type !== 'styles.choose') return null;
    const { styles } = source.context as PromptStylesContext;
    const { id } = event as unknown as { id: string };
    return styles.some((s) => s.id === id) ? null : 'the menu has no such style to choose';
  },
  kinds: {
    async styleOptions({ page, state }) {
      const { styles } = state.context as PromptStylesContext;
      await expect.poll(() => stylesMenu(page).getByRole('option').count()).toBe(styles.length);
      if (styles.length === 0) {
        await expect.poll(() => stylesMenu(page).getByText(NO_STYLES).count()).toBe(1);
        return `'${NO_STYLES}'`;
      }
      return `the styles ${styles.map((s) => s.name).join(', ')} as options`;
    },
    stylesError: ({ page, state }) => showsError(page, (state.context as PromptStylesContext).error, stylesMenu(page)),
    async finalPrompt({ page, state }) {
      const { chosen } = state.context as PromptStylesContext;
      const typed = await promptField(page).inputValue();
      const final = `Final prompt: ${applyStyle(chosen?.template ?? '', typed)}`;
      await expect.poll(() => preview(page).getByText(final, { exact: true }).count()).toBe(1);
      return `'${final}'`;
    },
    saveError: ({ page, state }) => showsError(page, (state.context as PromptStylesContext).error, saveDialog(page)),
  },
};

/** Enhance prompt (ENHANCE-1 to ENHANCE-4). */
export const enhancePaths: PathAdapter = {
  name: 'enhance',
  models: [enhanceModel],
  start: (ctx) => openPromptTools(ctx),
  events: {
    async 'enhance.start'({ page }, event) {
      const { prompt } = event as unknown as { prompt: string };
      await promptField(page).fill(prompt);
      await page.getByRole('button', { name: 'Enhance', exact: true }).click();
      return `type "${prompt}", click Enhance`;
    },
    async 'enhance.undo'({ page }) {
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      return 'click Undo';
    },
    'xstate.*': answersCall('POST', '/api/prompts/enhance'),
  },
  causes: {
    'xstate.*': byOutcome(
      'type a prompt and click Enhance (offline: the word table’s suggestion)',
      (_answer, message) =>
        /^Too many/.test(message)
          ? `click Enhance more than RATE_LIMIT_ENHANCE times in an hour: 429 "${message}"`
          : SERVER_FAULT,
    ),
  },
  cannotSend: (event) =>
    event.type === 'enhance.start' && !(event as unknown as { prompt: string }).prompt.trim()
      ? 'Enhance is disabled while the field is empty'
      : null,
  kinds: {
    enhanceError: ({ page, state }) => showsError(page, (state.context as EnhanceContext).error),
    async enhanceSource({ page, state }) {
      const offline = (state.context as EnhanceContext).source === 'offline';
      await expect.poll(() => page.getByText(OFFLINE_SUGGESTION, { exact: true }).count()).toBe(offline ? 1 : 0);
      return offline ? `'${OFFLINE_SUGGESTION}'` : 'no offline label (the text model wrote it)';
    },
  },
};

/** Settings › Prompt history › Clear prompt history (PROMPT-3). */
export const clearPromptHistoryPaths: PathAdapter = {
  name: 'clearPromptHistory',
  models: [clearPromptHistoryModel],
  async start(ctx) {
    const said = await openSignedIn(ctx, freeUser, '/settings');
    await expect
      .poll(() => visibility(ctx.page.getByRole('heading', { name: 'Prompt history' })), firstRender)
      .toBe('visible');
    return said;
  },
  events: {
    async 'history.clear'({ page }) {
      await page.getByRole('button', { name: 'Clear prompt history' }).click();
      return 'click Clear prompt history';
    },
    async 'history.clear.confirm'({ page }) {
      await page
        .getByRole('dialog', { name: 'Clear prompt history' })
        .getByRole('button', { name: 'Clear history' })
        .click();
      return 'click Clear history in the confirmation';
    },
    async 'history.clear.cancel'({ page }) {
      await page.getByRole('dialog', { name: 'Clear prompt history' }).getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel in the confirmation';
    },
    'xstate.*': answersCall('DELETE', '/api/prompts/history'),
  },
  causes: {
    'xstate.*': byOutcome(
      'confirm Clear prompt history',
      SERVER_FAULT,
      'cannot be caused on purpose: the server fails to clear only on a fault of its own (a database down)',
    ),
  },
  kinds: {
    async clearOutcome({ page, state }) {
      const { cleared, error } = state.context as ClearPromptHistoryContext;
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: HISTORY_CLEARED }).count())
        .toBe(cleared ? 1 : 0);
      const said = await showsError(page, error);
      return cleared ? `'${HISTORY_CLEARED}'` : said;
    },
  },
};
