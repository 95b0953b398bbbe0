/**
 * Upscale 2× and Vary on a creation's page (REFINE-1 to REFINE-3, REFINE-5, REFINE-7) in a test actor system: the
 * real creations and refine flows over fake endpoints. The costs show before the click; a start says so with a link
 * to the new run; a refusal shows the server's message; an Upscale says what it was made from.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { CreationDetail } from '../../../src/api/schemas';
import { creationsFlow } from '../../../src/flows/creations/creations.effects';
import { CreationsPage } from '../../../src/features/creations/CreationsPage';
import { creation } from '../../../src/flows/creations/creations.examples';
import { UPSCALE_COST, VARY_COST } from '../../../src/flows/refine/refine.machine';
import { fakeApi, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

/** The refine flow reaches the API through the app's context: its calls are these fakes. */
const refineCalls = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('../../../src/flows/shared/api.effects', async (original) => ({
  ...(await original<object>()),
  loadEndpoints: async () => refineCalls.current,
}));

const picture = (id: string, extra: Partial<CreationDetail> = {}): CreationDetail => ({
  ...creation(id, {
    tool: 'text-to-image',
    title: 'Text to Image',
    category: 'Image',
    prompt: 'a red lighthouse',
    input: { prompt: 'a red lighthouse' },
    output: `/files/outputs/${id}.png`,
    outputKind: 'image',
  }),
  previous: null,
  next: null,
  ...extra,
});

async function renderPicture(shown: CreationDetail, refine: Record<string, unknown>) {
  refineCalls.current = refine;
  await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const api = { getCreation: vi.fn(async () => shown) };
  await renderWithRouter(<CreationsPage flow={creationsFlow.with({ api: fakeApi(api) })} id={shown.id} />);
  return within(await screen.findByRole('group', { name: 'Upscale and Vary' }));
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Upscale 2× and Vary on a creation’s page', () => {
  it('REFINE-1, REFINE-2, REFINE-7: Upscale 2× shows its cost, starts one run and links to it', async () => {
    const upscaleCreation = vi.fn(async () => ({ id: 'r1', credits: 90 }));
    const group = await renderPicture(picture('c1'), { upscaleCreation });
    fireEvent.click(group.getByRole('button', { name: `Upscale 2× · ${UPSCALE_COST} credits` }));
    expect((await group.findByRole('status')).textContent).toContain('Upscale 2× started. It shows in Runs.');
    expect(group.getByRole('link', { name: 'Open it' }).getAttribute('href')).toBe('/creations/r1');
    expect(upscaleCreation).toHaveBeenCalledWith('c1', expect.objectContaining({ idempotencyKey: expect.any(String) }));
  });

  it('REFINE-3: Vary offers Subtle and Strong with their costs; Cancel brings the buttons back', async () => {
    const varyCreation = vi.fn(async () => ({ id: 'r2', credits: 10 }));
    const group = await renderPicture(picture('c1'), { varyCreation });
    fireEvent.click(group.getByRole('button', { name: 'Vary' }));
    expect(group.getByRole('button', { name: `Subtle · ${VARY_COST} credits` })).toBeTruthy();
    fireEvent.click(group.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(group.getByRole('button', { name: 'Vary' }));
    fireEvent.click(group.getByRole('button', { name: `Strong · ${VARY_COST} credits` }));
    expect((await group.findByRole('status')).textContent).toContain('Vary started.');
    expect(varyCreation).toHaveBeenCalledWith('c1', 'strong', expect.anything());
  });

  it("REFINE-2: a refused start shows the server's message and starts nothing", async () => {
    const message = 'This run costs 10 credits and you have 4. Add credits to continue.';
    const upscaleCreation = vi.fn(async () => {
      throw Object.assign(new Error(message), { status: 402 });
    });
    const group = await renderPicture(picture('c1'), { upscaleCreation });
    fireEvent.click(group.getByRole('button', { name: `Upscale 2× · ${UPSCALE_COST} credits` }));
    expect((await group.findByRole('alert')).textContent).toBe(message);
    expect(group.queryByRole('status')).toBeNull();
  });

  it('REFINE-5: a refined creation says what it was made from, as a link', async () => {
    await renderPicture(picture('c2', { source: { id: 'c1', label: 'a red lighthouse' } }), {});
    expect(screen.getByRole('link', { name: 'a red lighthouse' }).getAttribute('href')).toBe('/creations/c1');
  });
});
