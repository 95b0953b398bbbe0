/**
 * Stars and collections in a test actor system (COLLECT-1, COLLECT-3 to COLLECT-5, COLLECT-7, COLLECT-9): the real
 * star, collections and collection flows with the app's effects over fake endpoints (the app's API loader stood in).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { creationsFlow } from '../../../src/flows/creations/creations.effects';
import { collectionFlow } from '../../../src/flows/collections/collections.effects';
import { CreationsPage } from '../../../src/features/creations/CreationsPage';
import { CollectionPage } from '../../../src/features/creations/CollectionPage';
import { creation } from '../../../src/flows/creations/creations.examples';
import { collection } from '../../../src/flows/collections/collections.examples';
import { fakeApi, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

const endpoints = {
  listCreations: vi.fn(async (_query: Record<string, unknown>) => ({
    items: [creation('c1', { starred: false, collectionIds: [] })],
    nextCursor: null,
  })),
  listCollections: vi.fn(async () => ({ items: [collection('k1')] })),
  starCreations: vi.fn(async (ids: readonly string[]) => ({ changed: ids.length, message: '1 creation starred' })),
  unstarCreations: vi.fn(async (ids: readonly string[]) => ({ changed: ids.length, message: '1 creation unstarred' })),
  createCollection: vi.fn(async (name: string) => collection('k2', { name, count: 0 })),
  addToCollection: vi.fn(async (_id: string, ids: readonly string[]) => ({
    changed: ids.length,
    message: '1 creation added to Best',
  })),
  renameCollection: vi.fn(async (id: string, name: string) => collection(id, { name })),
  deleteCollection: vi.fn(async () => ({ message: 'Collection deleted' })),
};

// The flows a page starts itself (a tile's star, the toolbar's collections) reach these endpoints.
vi.mock('../../../src/flows/shared/api.effects', () => ({
  sessionCredentials: () => ({}),
  loadEndpoints: async () => endpoints,
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function renderList() {
  await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const flow = creationsFlow.with({ api: fakeApi(endpoints as never) });
  await renderWithRouter(<CreationsPage flow={flow} />);
  return within((await screen.findAllByRole('listitem'))[0]!);
}

describe('stars and collections', () => {
  it('COLLECT-1: a tile’s star is saved and then shows pressed', async () => {
    const tile = await renderList();
    fireEvent.click(tile.getByRole('button', { name: 'Star: calm piano' }));
    await waitFor(() => expect(endpoints.starCreations).toHaveBeenCalledWith(['c1']));
    const pressed = await tile.findByRole('button', { name: 'Starred: calm piano' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
  });

  it('COLLECT-3, COLLECT-4: Add to collection… makes a new collection by name and adds the chosen creation', async () => {
    const tile = await renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(tile.getByRole('checkbox'));
    const bar = screen.getByRole('toolbar', { name: 'Selection' });
    await waitFor(() =>
      expect((within(bar).getByRole('button', { name: 'Add to collection…' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(within(bar).getByRole('button', { name: 'Add to collection…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to collection' });
    expect(within(dialog).getByRole('checkbox', { name: 'Keep' })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New collection' }), { target: { value: 'Best' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(endpoints.createCollection).toHaveBeenCalledWith('Best'));
    await waitFor(() =>
      expect((within(dialog).getByRole('checkbox', { name: 'Best' }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(endpoints.addToCollection).toHaveBeenCalledWith('k2', ['c1']));
    expect(await screen.findByText('1 creation added to Best')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('COLLECT-7: More filters has the Starred toggle and the Collection select, each reloading the list', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    const select = screen.getByRole('combobox', { name: 'Collection' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Keep' })).toBeTruthy());
    fireEvent.change(select, { target: { value: 'k1' } });
    await waitFor(() =>
      expect(endpoints.listCreations).toHaveBeenLastCalledWith(
        expect.objectContaining({ collection: 'k1', starred: null }),
        expect.anything(),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Starred' }));
    await waitFor(() =>
      expect(endpoints.listCreations).toHaveBeenLastCalledWith(
        expect.objectContaining({ collection: 'k1', starred: '1' }),
        expect.anything(),
      ),
    );
  });

  it('COLLECT-3, COLLECT-5, COLLECT-9: a collection’s page renames it, and deletes it after saying the creations stay', async () => {
    const { navigateTo } = await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
    const flow = collectionFlow.with({ api: fakeApi(endpoints as never) });
    await renderWithRouter(<CollectionPage id="k1" flow={flow} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Keep');
    await waitFor(() =>
      expect(endpoints.listCreations).toHaveBeenCalledWith(
        expect.objectContaining({ collection: 'k1' }),
        expect.anything(),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Collection name' }), { target: { value: 'Best' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Best'));
    expect(endpoints.renameCollection).toHaveBeenCalledWith('k1', 'Best');
    fireEvent.click(screen.getByRole('button', { name: 'Delete collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete collection' });
    expect(dialog.textContent).toContain('Delete this collection? The creations stay in My creations.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(endpoints.deleteCollection).toHaveBeenCalledWith('k1'));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/creations'));
  });
});
