export const group = 'creations';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import type { CompareContext, CompareInput } from '../../../src/flows/compare/compare.machine';
import { differingSettings } from '../../../src/flows/compare/compare.selectors';
import { compareModel, compareRefusedModel } from '../../flows/models/compare.models';
import { freeUser } from '../../../src/flows/session/session.examples';
import { answerOf, type PathAdapter, type PathContext } from '../harness';
import { byOutcome, perActor } from '../causes';
import { fieldValue } from '../sights';
import { openSignedIn, showsErrorWithTryAgain } from './billing.paths';

const compareContext = (ctx: PathContext) => ctx.state.context as CompareContext;
const names = (ctx: PathContext) => compareContext(ctx).creations.map((c, i) => `${i + 1}. ${c.title}`);
const divider = (page: Page) => page.getByRole('slider', { name: 'Divider position' });

/** Comparing creations (/creations/compare?ids=c1,c2): the ids checked, both read, the slider and side by side. */
export const comparePaths: PathAdapter = {
  name: 'compare',
  models: [compareModel, compareRefusedModel],
  async start(ctx, model) {
    const { ids } = model.input as CompareInput;
    return openSignedIn(ctx, freeUser, `/creations/compare?ids=${ids.join(',')}`);
  },
  events: {
    async 'compare.slide'({ page }, event) {
      const { position } = event as unknown as { position: number };
      await divider(page).fill(String(position));
      return `move the divider to ${position}%`;
    },
    async 'compare.show'({ page }, event) {
      const { view } = event as unknown as { view: 'slider' | 'sideBySide' };
      const name = view === 'slider' ? 'Slider' : 'Side by side';
      await page.getByRole('radio', { name }).check();
      return `choose ${name}`;
    },
    async 'compare.reload'({ page }) {
      await page.getByRole('button', { name: 'Try again' }).click();
      return 'click Try again';
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      const output = (event as { output?: unknown[] }).output;
      // The page reads both at once. A failure: the second answers it (the first read is then given up); a
      // success: each answers its own creation.
      if (!output) return server.answer('GET', '/api/creations/c2', status, body);
      await server.answer('GET', '/api/creations/c2', 200, output[1]);
      return server.answer('GET', '/api/creations/c1', 200, output[0]);
    },
  },
  causes: {
    'xstate.*': perActor({
      loadCreations: byOutcome(
        'choose two finished creations of one kind in My creations (Select), then Compare',
        (_answer, message) =>
          /not found/i.test(message)
            ? 'open /creations/compare?ids=… with the id of a creation deleted meanwhile, or of another account: "Creation not found"'
            : 'cannot be caused on purpose: reading one of the account’s own creations fails only on a fault of the server',
      ),
    }),
  },
  kinds: {
    async loading({ page }) {
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading the creations...' }).count()).toBe(1);
      return "'Loading the creations...'";
    },
    async compared(ctx) {
      for (const name of names(ctx))
        await expect.poll(() => ctx.page.getByText(name, { exact: false }).first().isVisible()).toBe(true);
      return `${names(ctx).join(' and ')}`;
    },
    async differences(ctx) {
      const rows = differingSettings(compareContext(ctx).creations);
      const table = ctx.page.getByRole('table');
      if (rows.length === 0) {
        await expect.poll(() => ctx.page.getByText('All the settings are the same.').count()).toBe(1);
        return 'all the settings are the same';
      }
      await expect.poll(() => table.locator('tbody tr').count()).toBe(rows.length);
      for (const row of rows)
        await expect.poll(() => table.getByRole('rowheader', { name: row.label, exact: true }).count()).toBe(1);
      await expect.poll(() => ctx.page.getByText('All other settings are the same.').count()).toBe(1);
      return `the rows ${rows.map((r) => r.label).join(', ')}`;
    },
    async slider(ctx) {
      const { position } = compareContext(ctx);
      await expect.poll(() => fieldValue(divider(ctx.page))).toBe(String(position));
      await expect.poll(() => divider(ctx.page).getAttribute('aria-valuetext')).toBe(`${position}%`);
      await expect.poll(() => ctx.page.getByRole('radio', { name: 'Slider' }).isChecked()).toBe(true);
      return `both pictures stacked, the divider at ${position}%`;
    },
    async sideBySide(ctx) {
      const n = compareContext(ctx).creations.length;
      await expect
        .poll(() => ctx.page.getByRole('list', { name: 'Side by side' }).getByRole('listitem').count())
        .toBe(n);
      await expect.poll(() => divider(ctx.page).count()).toBe(0);
      return `${n} creations side by side`;
    },
    async notCompared(ctx) {
      const { error } = compareContext(ctx);
      await expect
        .poll(() =>
          ctx.page
            .getByRole('alert')
            .filter({ hasText: error ?? '' })
            .count(),
        )
        .toBe(1);
      await expect.poll(() => ctx.page.getByRole('list', { name: 'Side by side' }).count()).toBe(0);
      return `"${error}"`;
    },
    failed: (ctx) => showsErrorWithTryAgain(ctx.page, compareContext(ctx).error),
  },
};
