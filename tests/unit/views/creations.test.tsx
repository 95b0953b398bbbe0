/**
 * My creations in a test actor system: the real creations flow with the app's effects
 * (src/flows/creations/creations.effects.ts) over fake endpoints.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIST_PAGE, REFRESH_MS } from '../../../src/flows/creations/creations.machine';
import { creationsFlow } from '../../../src/flows/creations/creations.effects';
import type { Creation } from '../../../src/api/schemas';
import { toolByKey } from '../../../src/catalog';
import { CreationsPage } from '../../../src/features/creations/CreationsPage';
import { creation } from '../../../src/flows/creations/creations.examples';
import { fakeApi, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

vi.mock('../../../src/components/ui/model-viewer/model-viewer', () => ({
  default: ({ url }: { url: string }) => <canvas data-testid="model-viewer" data-url={url} />,
}));

const video = creation('v1', {
  tool: 'text-to-video',
  title: 'Text to Video',
  category: 'Video',
  prompt: 'a paper boat',
  output: '/files/outputs/boat.mp4',
  outputKind: 'video',
  cost: 20,
});
const failed = creation('f1', {
  tool: 'text-to-text',
  title: 'Text Generation',
  category: 'Text',
  prompt: 'a poem [fail]',
  status: 'failed',
  output: null,
  outputKind: 'text',
  error: 'Generation failed',
  refunded: true,
});
const model = creation('m1', {
  tool: '3d-gen',
  title: '3D Generation',
  category: '3D',
  output: '/files/outputs/m.glb',
  outputKind: 'model3d',
  prompt: null,
});

async function renderPage(pages: { items: Creation[]; nextCursor: string | null }[], id?: string) {
  const { navigateTo } = await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const api = {
    listCreations: vi.fn(async () => pages.shift() ?? { items: [], nextCursor: null }),
    getCreation: vi.fn(async (wanted: string) => {
      const found = pages[0]?.items.find((c) => c.id === wanted);
      if (!found) throw Object.assign(new Error('Creation not found'), { status: 404 });
      return found;
    }),
    deleteCreation: vi.fn(async () => ({ message: 'Creation deleted' })),
    deleteCreations: vi.fn(async (ids: readonly string[]) => ({
      deleted: ids.length,
      message: `${ids.length} creations deleted`,
    })),
    downloadCreations: vi.fn(async (_ids: readonly string[]) => new Blob(['PK'], { type: 'application/zip' })),
  };
  const flow = creationsFlow.with({ api: fakeApi(api), window: () => zipWindow as never });
  await renderWithRouter(<CreationsPage flow={flow} {...(id ? { id } : {})} />);
  return { api, navigateTo };
}

/** The window the ZIP is saved through: the object URL of the answer; the saved link is recorded. */
const zipWindow = {
  URL: { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() },
  document,
  setTimeout: (f: () => void) => setTimeout(f, 0),
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('My creations', () => {
  it('CREATIONS-1: lists the runs with tool, prompt, time, status, cost, refund and a preview, and loads more', async () => {
    const { api } = await renderPage([
      { items: [video, failed], nextCursor: 'next-1' },
      { items: [creation('a1')], nextCursor: null },
    ]);
    const list = await screen.findByRole('list', { name: 'Creations' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Text to Video' })).toBeTruthy();
    expect(first.getByText('a paper boat')).toBeTruthy();
    expect(first.getByText('20 credits')).toBeTruthy();
    expect(first.getByText('Done')).toBeTruthy();
    // A run made before thumbnails: its clip itself.
    expect(cards[0]!.querySelector('video')?.getAttribute('src')).toBe('/files/outputs/boat.mp4');
    expect(first.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/files/outputs/boat.mp4');
    expect(cards[0]!.querySelector('time')?.getAttribute('datetime')).toBe(video.createdAt);
    const second = within(cards[1]!);
    expect(second.getByText('Failed')).toBeTruthy();
    expect(second.getByText('Refunded')).toBeTruthy();
    expect(second.queryByRole('link', { name: 'Download' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(api.listCreations).toHaveBeenLastCalledWith(
      {
        limit: LIST_PAGE,
        cursor: 'next-1',
        category: null,
        q: null,
        tool: null,
        status: null,
        from: null,
        to: null,
        starred: null,
        collection: null,
      },
      expect.anything(),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('CREATIONS-2: a run still being made cannot be deleted yet', async () => {
    await renderPage([{ items: [creation('p1', { status: 'processing', output: null })], nextCursor: null }]);
    const card = (await screen.findAllByRole('listitem'))[0]!;
    expect(within(card).getByText('In progress')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('filters by category from the first page', async () => {
    const { api } = await renderPage([
      { items: [video, failed], nextCursor: null },
      { items: [video], nextCursor: null },
    ]);
    await screen.findByRole('list', { name: 'Creations' });
    fireEvent.click(screen.getByRole('button', { name: 'Video' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(api.listCreations).toHaveBeenLastCalledWith(
      {
        limit: LIST_PAGE,
        cursor: null,
        category: 'Video',
        q: null,
        tool: null,
        status: null,
        from: null,
        to: null,
        starred: null,
        collection: null,
      },
      expect.anything(),
    );
    expect(screen.getByRole('button', { name: 'Video' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('CREATIONS-2: deletes a run only after the confirmation', async () => {
    const { api } = await renderPage([{ items: [video, failed], nextCursor: null }]);
    const list = await screen.findByRole('list', { name: 'Creations' });
    fireEvent.click(within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete creation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.deleteCreation).not.toHaveBeenCalled();

    fireEvent.click(within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(api.deleteCreation).toHaveBeenCalledWith('v1');
  });

  it('shows the server message when loading fails, with Try again', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
    const api = {
      listCreations: vi
        .fn()
        .mockRejectedValueOnce(Object.assign(new Error('Database unavailable'), { status: 500 }))
        .mockResolvedValueOnce({ items: [video], nextCursor: null }),
      getCreation: vi.fn(),
      deleteCreation: vi.fn(),
    };
    await renderWithRouter(<CreationsPage flow={creationsFlow.with({ api: fakeApi(api) })} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Creations' })).toBeTruthy();
  });

  it('CREATIONS-3: one creation: its own page with the 3D viewer; deleting it goes back to the list', async () => {
    const { api, navigateTo } = await renderPage([{ items: [model], nextCursor: null }], 'm1');
    expect(await screen.findByTestId('model-viewer')).toBeTruthy();
    expect(api.getCreation).toHaveBeenCalledWith('m1', expect.anything());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/creations'));
  });

  it("CREATIONS-5: a picture's settings under human names; the model's defaults and the seed under Advanced", async () => {
    const picture = creation('p1', {
      tool: 'text-to-image',
      title: 'Text to Image',
      category: 'Image',
      prompt: 'a lighthouse',
      input: {
        prompt: 'a lighthouse',
        width: 1024,
        height: 768,
        aspect_ratio: '4:3',
        seed: 42,
        num_inference_steps: 4,
        guidance_scale: 7.5,
        negative_prompt: 'worst quality',
        scheduler: 'K_EULER',
      },
      output: '/files/outputs/p1.png',
      outputKind: 'image',
    });
    await renderPage([{ items: [picture], nextCursor: null }], 'p1');
    const about = await screen.findByRole('link', { name: 'Use these settings' });
    const page = about.closest('article') as HTMLElement;
    const term = (name: string) => within(page).queryByText(name, { selector: 'dt' });
    expect(term('Size')?.nextElementSibling?.textContent).toBe('1024 × 768 px');
    expect(term('Aspect ratio')?.nextElementSibling?.textContent).toBe('4:3');
    for (const hidden of ['Steps', 'Guidance', 'Scheduler', 'Seed', 'Num inference steps', 'Width']) {
      expect(term(hidden)).toBeNull();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    expect(term('Steps')?.nextElementSibling?.textContent).toBe('4');
    expect(term('Guidance')?.nextElementSibling?.textContent).toBe('7.5');
    expect(term('Scheduler')?.nextElementSibling?.textContent).toBe('K_EULER');
    expect(term('Seed')?.nextElementSibling?.textContent).toBe('42');
    expect(term('Num inference steps')).toBeNull();
    // CREATIONS-14: New seed says what it costs on the button.
    const cost = toolByKey('text-to-image').cost;
    expect(screen.getByRole('link', { name: `New seed · ${cost} credits` })).toBeTruthy();
  });

  it("CREATIONS-5: a clip's form settings under the form's own labels and units; text as prose, code as code", async () => {
    const clip = creation('v2', { ...video, id: 'v2', input: { prompt: 'a paper boat', num_frames: 16, fps: 8 } });
    const words = creation('t1', {
      tool: 'text-to-text',
      title: 'Text Generation',
      category: 'Text',
      output: 'One.\n\nTwo.',
      outputKind: 'text',
    });
    const code = creation('c1', {
      ...words,
      id: 'c1',
      tool: 'code-generation',
      output: 'let a = 1;',
      outputKind: 'code',
    });
    await renderPage([{ items: [clip, words, code], nextCursor: null }], 'v2');
    expect((await screen.findByText('Frames per second', { selector: 'dt' })).nextElementSibling?.textContent).toBe(
      '8 fps',
    );
    expect(screen.getByText('Frames', { selector: 'dt' }).nextElementSibling?.textContent).toBe('16 frames');
    expect(screen.queryByRole('button', { name: 'Advanced' })).toBeNull();
    cleanup();
    await renderPage([{ items: [words, code], nextCursor: null }], 't1');
    expect((await screen.findByText('Two.', { selector: 'p' })).previousElementSibling?.textContent).toBe('One.');
    cleanup();
    await renderPage([{ items: [code], nextCursor: null }], 'c1');
    expect(await screen.findByText('let a = 1;', { selector: 'pre code' })).toBeTruthy();
  });

  it('CREATIONS-3: one creation of someone else (or deleted) says it was not found', async () => {
    await renderPage([{ items: [], nextCursor: null }], 'nope');
    expect((await screen.findByRole('alert')).textContent).toContain('Creation not found');
  });

  it('RUNS-6: a run in progress turns Done by itself, with its output, while the page stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const running = creation('r1', { status: 'processing', output: null, completedAt: null });
      const { api } = await renderPage([
        { items: [running, creation('a1')], nextCursor: null },
        { items: [creation('r1')], nextCursor: null },
      ]);
      const list = await screen.findByRole('list', { name: 'Creations' });
      expect(within(within(list).getAllByRole('listitem')[0]!).getByText('In progress')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(REFRESH_MS);
      await waitFor(() => expect(within(within(list).getAllByRole('listitem')[0]!).getByText('Done')).toBeTruthy());
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(api.listCreations).toHaveBeenCalledTimes(2);
      // Nothing in progress any more: no further reads.
      await vi.advanceTimersByTimeAsync(REFRESH_MS * 3);
      expect(api.listCreations).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('CREATIONS-8: a search typed applies after the pause; no match says so, with Clear filters', async () => {
    const { api } = await renderPage([
      { items: [video, failed], nextCursor: null },
      { items: [], nextCursor: null },
      { items: [video, failed], nextCursor: null },
    ]);
    await screen.findByRole('list', { name: 'Creations' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search prompts' }), { target: { value: 'zebra' } });
    await waitFor(() =>
      expect(api.listCreations).toHaveBeenLastCalledWith(
        {
          limit: LIST_PAGE,
          cursor: null,
          category: null,
          q: 'zebra',
          tool: null,
          status: null,
          from: null,
          to: null,
          starred: null,
          collection: null,
        },
        expect.anything(),
      ),
    );
    expect((await screen.findByText(/No creations match/)).textContent).toContain('No creations match “zebra”.');
    // Enter on the search the pause has applied already: nothing more to read.
    const reads = api.listCreations.mock.calls.length;
    fireEvent.submit(screen.getByRole('search', { name: 'Search my creations' }));
    expect(api.listCreations).toHaveBeenCalledTimes(reads);
    expect(screen.getByText(/No creations match/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findByRole('list', { name: 'Creations' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search prompts' }) as HTMLInputElement).value).toBe('');
  });

  it('CREATIONS-8: the tool and status selects reload the first page with them', async () => {
    const { api } = await renderPage([
      { items: [video, failed], nextCursor: null },
      { items: [failed], nextCursor: null },
    ]);
    await screen.findByRole('list', { name: 'Creations' });
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(api.listCreations).toHaveBeenLastCalledWith(
      {
        limit: LIST_PAGE,
        cursor: null,
        category: null,
        q: null,
        tool: null,
        status: 'failed',
        from: null,
        to: null,
        starred: null,
        collection: null,
      },
      expect.anything(),
    );
  });

  it("CREATIONS-16: tiles show the server thumbnails with their size, a text's first words, the prompt as the link's description", async () => {
    const picture = creation('i1', {
      tool: 'text-to-image',
      title: 'Text to Image',
      category: 'Image',
      prompt: 'a red fox in the snow, at dawn, with long shadows over the hills',
      output: '/files/outputs/fox.png',
      outputKind: 'image',
      thumb: { url: '/files/outputs/fox-thumb.webp', width: 384, height: 256 },
    });
    const poem = creation('t1', {
      tool: 'text-to-text',
      title: 'Text Generation',
      category: 'Text',
      prompt: 'a poem',
      output: 'Waves fold the night…',
      outputKind: 'text',
      snippet: 'Waves fold the night…',
    });
    await renderPage([{ items: [picture, poem], nextCursor: null }]);
    const list = await screen.findByRole('list', { name: 'Creations' });
    const [fox, text] = within(list).getAllByRole('listitem');
    const img = fox!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/files/outputs/fox-thumb.webp');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['384', '256']);
    expect([img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual(['lazy', 'async']);
    const link = within(fox!).getByRole('link', { name: 'Open Text to Image' });
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe(picture.prompt);
    expect(within(text!).getByRole('link', { name: 'Open Text Generation' }).textContent).toBe('Waves fold the night…');
  });

  it("CREATIONS-16: tiles' shapes, not a bare word, while the first page loads", async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
    const flow = creationsFlow.with({ api: fakeApi({ listCreations: vi.fn(() => new Promise<never>(() => {})) }) });
    await renderWithRouter(<CreationsPage flow={flow} />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    expect(screen.queryByRole('list', { name: 'Creations' })).toBeNull();
    expect(document.querySelectorAll('[aria-hidden="true"] > li')).toHaveLength(LIST_PAGE);
  });

  it('CREATIONS-17: the category chips and the Tool filter are one filter, and Clear filters clears both', async () => {
    const { api } = await renderPage([
      { items: [video, failed], nextCursor: null },
      { items: [video], nextCursor: null },
      { items: [failed], nextCursor: null },
      { items: [video, failed], nextCursor: null },
    ]);
    await screen.findByRole('list', { name: 'Creations' });
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Tool' }), { target: { value: 'text-to-video' } });
    // A tool chooses its category's chip.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Video' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(api.listCreations).toHaveBeenLastCalledWith(
      {
        limit: LIST_PAGE,
        cursor: null,
        category: 'Video',
        q: null,
        tool: 'text-to-video',
        status: null,
        from: null,
        to: null,
        starred: null,
        collection: null,
      },
      expect.anything(),
    );
    // Only the chosen category's tools are offered.
    const offered = within(screen.getByRole('combobox', { name: 'Tool' })).getAllByRole('option');
    expect(offered.map((o) => o.textContent)).toEqual([
      'All Video tools',
      'Text to Video',
      'Image to Video',
      'Video Editing',
    ]);
    // Another category drops the tool.
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    await waitFor(() =>
      expect(api.listCreations).toHaveBeenLastCalledWith(
        {
          limit: LIST_PAGE,
          cursor: null,
          category: 'Text',
          q: null,
          tool: null,
          status: null,
          from: null,
          to: null,
          starred: null,
          collection: null,
        },
        expect.anything(),
      ),
    );
    expect((screen.getByRole('combobox', { name: 'Tool' }) as HTMLSelectElement).value).toBe('');
    // Clear filters: every category again.
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true'));
    expect(api.listCreations).toHaveBeenLastCalledWith(
      {
        limit: LIST_PAGE,
        cursor: null,
        category: null,
        q: null,
        tool: null,
        status: null,
        from: null,
        to: null,
        starred: null,
        collection: null,
      },
      expect.anything(),
    );
  });

  it('CREATIONS-10/11: Select mode chooses finished runs only and downloads them as one ZIP', async () => {
    const running = creation('p1', { status: 'processing', output: null, completedAt: null });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^atelier-creations-\d{4}-\d{2}-\d{2}\.zip$/);
    });
    const { api } = await renderPage([{ items: [video, failed, running], nextCursor: null }]);
    await screen.findByRole('list', { name: 'Creations' });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download ZIP' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    // Through the API client (its token and its 401 rule): the two finished runs.
    expect(api.downloadCreations).toHaveBeenCalledWith(['v1', 'f1'], expect.anything());
    expect(zipWindow.URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });

  it('CREATIONS-12: deletes the chosen runs together after the confirmation, then reloads', async () => {
    const { api } = await renderPage([
      { items: [video, failed], nextCursor: null },
      { items: [], nextCursor: null },
    ]);
    await screen.findByRole('list', { name: 'Creations' });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete creations' });
    expect(dialog.textContent).toContain('Delete 2 creations? This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteCreations).toHaveBeenCalledWith(['v1', 'f1']));
    expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
  });
});
