/**
 * CATALOG-6: the catalogue's strip of recent creations, in a test actor system: the real creations
 * flow with the app's effects (src/flows/creations/creations.effects.ts) over fake endpoints.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { creationsFlow } from '../../../src/flows/creations/creations.effects';
import type { Creation } from '../../../src/api/schemas';
import { CatalogPage } from '../../../src/features/catalogue/CatalogPage';
import RecentCreations, { RECENT_CREATIONS } from '../../../src/features/catalogue/RecentCreations';
import { creation } from '../../../src/flows/creations/creations.examples';
import { fakeApi, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

afterEach(() => cleanup());

async function renderStrip(items: Creation[], fail = false) {
  await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const api = {
    listCreations: vi.fn(async (_query: { limit?: number | null }) => {
      if (fail) throw Object.assign(new Error('Database unavailable'), { status: 503 });
      return { items, nextCursor: null };
    }),
  };
  const { container } = await renderWithRouter(<RecentCreations flow={creationsFlow.with({ api: fakeApi(api) })} />);
  return { api, container };
}

describe('recent creations on the catalogue', () => {
  it('CATALOG-6: the newest few runs as tiles that open their pages, and See all', async () => {
    const picture = creation('i1', {
      tool: 'text-to-image',
      title: 'Text to Image',
      category: 'Image',
      prompt: 'a red fox',
      output: '/files/outputs/fox.png',
      outputKind: 'image',
    });
    const running = creation('r1', { status: 'processing', output: null, completedAt: null });
    const { api } = await renderStrip([running, picture]);
    const strip = await screen.findByRole('region', { name: 'Your recent creations' });
    expect(api.listCreations.mock.calls[0]![0]).toMatchObject({ limit: RECENT_CREATIONS });
    expect(within(strip).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/creations');
    const fox = within(strip).getByRole('link', { name: 'Text to Image: a red fox' });
    expect(fox.getAttribute('href')).toBe('/creations/i1');
    expect(fox.querySelector('img')?.getAttribute('src')).toBe('/files/outputs/fox.png');
    expect(
      within(strip).getByRole('link', { name: 'Music Generation: calm piano (in progress)' }).getAttribute('href'),
    ).toBe('/creations/r1');
  });

  it('CREATIONS-16: the strip shows the server thumbnails, their size set, lazily loaded', async () => {
    const picture = creation('i1', {
      tool: 'text-to-image',
      title: 'Text to Image',
      category: 'Image',
      prompt: 'a red fox',
      output: '/files/outputs/fox.png',
      outputKind: 'image',
      thumb: { url: '/files/outputs/fox-thumb.webp', width: 384, height: 384 },
    });
    await renderStrip([picture]);
    const strip = await screen.findByRole('region', { name: 'Your recent creations' });
    const img = within(strip).getByRole('link', { name: 'Text to Image: a red fox' }).querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/files/outputs/fox-thumb.webp');
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual([
      '384',
      '384',
      'lazy',
    ]);
  });

  it('CATALOG-6: nothing is shown when there is nothing yet, or the list cannot be read', async () => {
    const empty = await renderStrip([]);
    await vi.waitFor(() => expect(empty.api.listCreations).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Your recent creations' })).toBeNull();
    cleanup();
    const failed = await renderStrip([creation('c1')], true);
    await vi.waitFor(() => expect(failed.api.listCreations).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Your recent creations' })).toBeNull();
  });

  it('CATALOG-6: a visitor’s catalogue has no strip', async () => {
    await startSession();
    await renderWithRouter(<CatalogPage user={null} search={{ q: '', category: 'All' }} onSearchChange={() => {}} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your recent creations' })).toBeNull();
  });
});
