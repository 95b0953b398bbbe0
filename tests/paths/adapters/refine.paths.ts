export const group = 'creations';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { UPSCALE_COST, VARY_COST, type RefineContext } from '../../../src/flows/refine/refine.machine';
import { creation } from '../../../src/flows/creations/creations.examples';
import { freeUser } from '../../../src/flows/session/session.examples';
import { refineModel, refineSelectionModel } from '../../flows/models/refine.models';
import { answerOf, firstRender, type PathAdapter, type PathContext } from '../harness';
import { byOutcome } from '../causes';
import { openSignedIn } from './billing.paths';

/** A finished Text to Image creation (an image result that Upscale 2× and Vary take). */
const picture = (id: string) =>
  creation(id, {
    tool: 'text-to-image',
    title: 'Text to Image',
    category: 'Image',
    prompt: `a red lighthouse ${id}`,
    input: { prompt: `a red lighthouse ${id}` },
    output: `/files/outputs/${id}.png`,
    outputKind: 'image',
  });

const refineContext = (ctx: Pick<PathContext, 'state'>) => ctx.state.context as RefineContext;
const refineGroup = (page: Page) => page.getByRole('group', { name: 'Upscale and Vary' });
const cards = (page: Page) => page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
const START = /\/api\/creations\/c[12]\/(upscale|vary)$/;

/**
 * Upscale 2× and Vary (REFINE-1 to REFINE-7): on a creation's page (/creations/c1, one picture), and in My creations'
 * Select mode (/creations, two pictures chosen or none). Each start is one POST per source, answered in order.
 */
export const refinePaths: PathAdapter = {
  name: 'refine',
  models: [refineModel, refineSelectionModel],
  async start(ctx, model) {
    const { ids } = model.input as { ids: string[] };
    if (ids.length > 0) {
      ctx.server.standing.set('GET /api/creations/c1', {
        status: 200,
        body: { ...picture('c1'), parameters: {}, uploads: [], seed: 7, durationMs: 2000, shared: null, source: null },
      });
      const opened = await openSignedIn(ctx, freeUser, '/creations/c1');
      await expect.poll(() => refineGroup(ctx.page).count(), firstRender).toBe(1);
      return `${opened}: a finished Text to Image creation`;
    }
    ctx.server.standing.set('GET /api/creations', {
      status: 200,
      body: { items: [picture('c1'), picture('c2')], nextCursor: null },
    });
    const opened = await openSignedIn(ctx, freeUser, '/creations');
    await ctx.page.getByRole('button', { name: 'Select', exact: true }).click();
    await expect.poll(() => refineGroup(ctx.page).count(), firstRender).toBe(1);
    return `${opened} with two pictures, then click Select`;
  },
  events: {
    async 'refine.sources'({ page }, event) {
      const { ids } = event as unknown as { ids: string[] };
      for (const i of [0, 1])
        await cards(page)
          .nth(i)
          .getByRole('checkbox')
          .setChecked(ids.length > 0);
      return ids.length > 0 ? 'tick both pictures' : 'untick both pictures';
    },
    async 'refine.upscale'({ page, state }) {
      const n = refineContext({ state }).ids.length;
      await refineGroup(page)
        .getByRole('button', { name: `Upscale 2× · ${credits(n * UPSCALE_COST)}`, exact: true })
        .click();
      return 'click Upscale 2×';
    },
    async 'refine.vary.open'({ page }) {
      await refineGroup(page).getByRole('button', { name: 'Vary', exact: true }).click();
      return 'click Vary';
    },
    async 'refine.vary.cancel'({ page }) {
      await refineGroup(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      return 'click Cancel';
    },
    async 'refine.vary'({ page, state }, event) {
      const { strength } = event as unknown as { strength: 'subtle' | 'strong' };
      const n = refineContext({ state }).ids.length;
      const name = `${strength === 'subtle' ? 'Subtle' : 'Strong'} · ${credits(n * VARY_COST)}`;
      await refineGroup(page).getByRole('button', { name, exact: true }).click();
      return `click ${name}`;
    },
    // One POST per source, in order: the runs that started, then the refusal that stopped the rest.
    async 'xstate.*'({ server }, event: EventObject) {
      if (event.type.startsWith('xstate.error.')) {
        const { status, body } = answerOf(event);
        return server.answer('POST', START, status, body);
      }
      const { started, error } = (event as EventObject & { output: { started: string[]; error: string | null } })
        .output;
      let last = null;
      for (const id of started) last = await server.answer('POST', START, 201, { id, credits: 40 });
      if (error) last = await server.answer('POST', START, 402, { message: error });
      return last!;
    },
  },
  cannotSend(event) {
    if (event.type === 'refine.sources' && (event as unknown as { ids: string[] }).ids.length === 1)
      return "a creation's page refines its one picture: nothing there chooses others";
    return null;
  },
  causes: {
    'xstate.*': byOutcome(
      'press Upscale 2× or a Vary strength with credits enough for every run',
      'an account with fewer credits than the runs cost (a new account after its free credits are spent)',
    ),
  },
  kinds: {
    async refineButtons({ page, state }) {
      const n = refineContext({ state }).ids.length;
      const upscale = refineGroup(page).getByRole('button', {
        name: `Upscale 2× · ${credits(n * UPSCALE_COST)}`,
        exact: true,
      });
      await expect.poll(() => upscale.isEnabled()).toBe(n > 0);
      await expect
        .poll(() => refineGroup(page).getByRole('button', { name: 'Vary', exact: true }).isEnabled())
        .toBe(n > 0);
      return `'Upscale 2× · ${credits(n * UPSCALE_COST)}' and 'Vary'${n > 0 ? '' : ', disabled'}`;
    },
    async refineStatus({ page, state }) {
      const { started, error } = refineContext({ state });
      const status = refineGroup(page).getByRole('status');
      const text =
        started?.length === 1
          ? 'started. It shows in Runs.'
          : started?.length
            ? `${started.length} runs started`
            : null;
      await expect.poll(() => status.count()).toBe(text ? 1 : 0);
      if (text) await expect.poll(() => status.textContent()).toContain(text);
      if (started?.length === 1) await expect.poll(() => status.getByRole('link', { name: 'Open it' }).count()).toBe(1);
      await expect.poll(() => refineGroup(page).getByRole('alert').count()).toBe(error ? 1 : 0);
      if (error) await expect.poll(() => refineGroup(page).getByRole('alert').textContent()).toBe(error);
      return [text ? `'${text}'` : 'nothing started', error ? `the message "${error}"` : 'no message'].join(', ');
    },
    async varyChoice({ page, state }) {
      const n = refineContext({ state }).ids.length;
      for (const label of ['Subtle', 'Strong'])
        await expect
          .poll(() =>
            refineGroup(page)
              .getByRole('button', { name: `${label} · ${credits(n * VARY_COST)}`, exact: true })
              .count(),
          )
          .toBe(1);
      return `'Subtle · ${credits(n * VARY_COST)}' and 'Strong · ${credits(n * VARY_COST)}'`;
    },
    async refineBusy({ page }) {
      await expect.poll(() => refineGroup(page).getByRole('button', { name: 'Starting...' }).isDisabled()).toBe(true);
      return "'Starting...', disabled";
    },
  },
};
