import { describe, expect, it } from 'vitest';
import { describeFlows, done, elapse, fail, scenario } from './harness';
import { creationModel, creationsModel } from './models/creations.models';
import { creation } from '../../src/flows/creations/creations.examples';
import { serverError } from './models/fixtures';
import {
  BULK_DELETE_FAILED,
  DELETE_FAILED,
  LOAD_FAILED,
  SEARCH_PAUSE_MS,
  ZIP_FAILED,
  bulkDeleteQuestion,
  noFilters,
  zipName,
} from '../../src/flows/creations/creations.machine';

describeFlows('creations (list)', creationsModel);
describeFlows('creations (one run)', creationModel);

type Ctx = {
  items: { id: string }[];
  nextCursor: string | null;
  error: string | null;
  category: string | null;
  filters: typeof noFilters;
  draft: string;
  selecting: boolean;
  selected: string[];
};
const ctx = (s: { context: unknown }) => s.context as Ctx;

describe('my creations', () => {
  it('loads the first page, then the next by its cursor, appending', async () => {
    const r = await scenario(creationsModel, [
      done('loadPage', { items: [creation('c1'), creation('c2')], nextCursor: 'cursor-2' }),
      { type: 'creations.more' },
      done('loadMore', { items: [creation('c3')], nextCursor: null }),
    ]);
    expect(r.started).toEqual([
      { id: 'loadPage', input: { only: null, category: null, cursor: null, limit: null, filters: noFilters } },
      { id: 'loadMore', input: { only: null, category: null, cursor: 'cursor-2', limit: null, filters: noFilters } },
    ]);
    expect(ctx(r.snapshot).items.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(r.snapshot.can({ type: 'creations.more' })).toBe(false);
  });

  it('a filter starts again from the first page of that category', async () => {
    const r = await scenario(creationsModel, [
      done('loadPage', { items: [creation('c1')], nextCursor: 'cursor-1' }),
      { type: 'creations.filter', category: 'Video' },
    ]);
    expect(r.started.at(-1)).toEqual({
      id: 'loadPage',
      input: { only: null, category: 'Video', cursor: null, limit: null, filters: noFilters },
    });
    expect(ctx(r.snapshot).items).toEqual([]);
  });

  it('CREATIONS-17: a tool chooses its category; another category (or All) drops it and tells the address; Clear filters clears both', async () => {
    const r = await scenario(creationsModel, [
      done('loadPage', { items: [creation('c1')], nextCursor: null }),
      { type: 'creations.filters', filters: { tool: 'text-to-video' } },
    ]);
    expect(ctx(r.snapshot).category).toBe('Video');
    expect(r.started.at(-1)).toMatchObject({ input: { category: 'Video', filters: { tool: 'text-to-video' } } });
    // The same category keeps the tool.
    const same = await scenario(creationsModel, [
      done('loadPage', { items: [creation('c1')], nextCursor: null }),
      { type: 'creations.filters', filters: { tool: 'text-to-video' } },
      done('loadPage', { items: [], nextCursor: null }),
      { type: 'creations.filter', category: 'Video' },
    ]);
    expect(ctx(same.snapshot).filters.tool).toBe('text-to-video');
    const other = await scenario(creationsModel, [
      done('loadPage', { items: [creation('c1')], nextCursor: null }),
      { type: 'creations.filters', filters: { tool: 'text-to-video', status: 'failed' } },
      done('loadPage', { items: [], nextCursor: null }),
      { type: 'creations.filter', category: null },
    ]);
    expect(ctx(other.snapshot).category).toBeNull();
    expect(ctx(other.snapshot).filters).toEqual({ ...noFilters, status: 'failed' });
    expect(other.effects.at(-1)).toEqual({ name: 'filtersChanged', params: { ...noFilters, status: 'failed' } });
    const cleared = await scenario(creationsModel, [
      done('loadPage', { items: [creation('c1')], nextCursor: null }),
      { type: 'creations.filter', category: 'Audio' },
      done('loadPage', { items: [], nextCursor: null }),
      { type: 'creations.clear' },
    ]);
    expect(ctx(cleared.snapshot).category).toBeNull();
    expect(cleared.started.at(-1)).toMatchObject({ input: { category: null, filters: noFilters } });
  });

  it('CREATIONS-17: a tool in the address chooses its category from the start', async () => {
    const r = await scenario(
      { ...creationsModel, input: { filters: { tool: 'musicgen' } } } as typeof creationsModel,
      [],
    );
    expect(ctx(r.snapshot).category).toBe('Audio');
  });

  it('deletes only after the confirmation, and drops the run from the list', async () => {
    const r = await scenario(creationsModel, [
      done('loadPage', { items: [creation('c1'), creation('c2')], nextCursor: null }),
      { type: 'creations.delete', id: 'c1' },
      { type: 'creations.delete.confirm' },
      done('deleteCreation', { message: 'Creation deleted' }),
    ]);
    expect(r.started.at(-1)).toEqual({ id: 'deleteCreation', input: { id: 'c1' } });
    expect(r.effects).toEqual([{ name: 'creationDeleted', params: { id: 'c1', only: false } }]);
    expect(ctx(r.snapshot).items.map((c) => c.id)).toEqual(['c2']);
  });

  it('shows the server message or the fallback when a call fails', async () => {
    const load = await scenario(creationsModel, [fail('loadPage', {})]);
    expect(ctx(load.snapshot).error).toBe(LOAD_FAILED);
    const del = await scenario(creationsModel, [
      done('loadPage', { items: [creation('c1')], nextCursor: null }),
      { type: 'creations.delete', id: 'c1' },
      { type: 'creations.delete.confirm' },
      fail('deleteCreation', {}),
    ]);
    expect(ctx(del.snapshot).error).toBe(DELETE_FAILED);
    expect(ctx(del.snapshot).items.map((c) => c.id)).toEqual(['c1']);
  });

  it('the one-run page loads that run and tells the app when it is deleted', async () => {
    const missing = await scenario(creationModel, [fail('loadPage', serverError('Creation not found'))]);
    expect(missing.started).toEqual([
      { id: 'loadPage', input: { only: 'c1', category: null, cursor: null, limit: null, filters: noFilters } },
    ]);
    expect(ctx(missing.snapshot).error).toBe('Creation not found');
    const r = await scenario(creationModel, [
      done('loadPage', { items: [creation('c1')], nextCursor: null }),
      { type: 'creations.delete', id: 'c1' },
      { type: 'creations.delete.confirm' },
      done('deleteCreation', {}),
    ]);
    expect(r.effects).toEqual([{ name: 'creationDeleted', params: { id: 'c1', only: true } }]);
  });
});

describe('my creations: search and filters (CREATIONS-8, CREATIONS-9)', () => {
  const loaded = done('loadPage', { items: [creation('c1'), creation('c2')], nextCursor: 'cursor-2' });

  it('typing applies the search after the pause, from the first page, and puts it in the address', async () => {
    const r = await scenario(creationsModel, [
      loaded,
      { type: 'creations.type', q: 'pia' },
      { type: 'creations.type', q: 'piano ' },
      elapse('searchPause', 'creations.browsing.listed.ready.typing'),
    ]);
    const filters = { ...noFilters, q: 'piano' };
    expect(r.started.at(-1)).toEqual({
      id: 'loadPage',
      input: { only: null, category: null, cursor: null, limit: null, filters },
    });
    expect(r.effects).toEqual([{ name: 'filtersChanged', params: filters }]);
    expect(ctx(r.snapshot).items).toEqual([]);
    expect(SEARCH_PAUSE_MS).toBeLessThan(1000);
  });

  it('Enter applies the search at once; the same search again changes nothing', async () => {
    const r = await scenario(creationsModel, [
      loaded,
      { type: 'creations.type', q: 'piano' },
      { type: 'creations.search' },
    ]);
    expect(r.snapshot.value).toEqual({ browsing: 'loading' });
    expect(ctx(r.snapshot).filters.q).toBe('piano');
    const again = await scenario(creationsModel, [
      loaded,
      { type: 'creations.type', q: 'piano' },
      { type: 'creations.search' },
      done('loadPage', { items: [creation('c1')], nextCursor: null }),
    ]);
    expect(again.snapshot.can({ type: 'creations.search' })).toBe(false);
    expect(again.snapshot.can({ type: 'creations.filters', filters: { q: 'piano' } })).toBe(false);
  });

  it('the filters keep the category and the search; Clear filters starts over without them', async () => {
    const r = await scenario(creationsModel, [
      loaded,
      { type: 'creations.filter', category: 'Audio' },
      done('loadPage', { items: [creation('c1')], nextCursor: null }),
      {
        type: 'creations.filters',
        filters: { q: 'piano', tool: 'musicgen', status: 'succeeded', from: '2026-11-01', to: '' },
      },
    ]);
    const filters = {
      q: 'piano',
      tool: 'musicgen',
      status: 'succeeded',
      from: '2026-11-01',
      to: null,
      starred: null,
      collection: null,
    };
    expect(r.started.at(-1)).toEqual({
      id: 'loadPage',
      input: { only: null, category: 'Audio', cursor: null, limit: null, filters },
    });
    expect(ctx(r.snapshot).draft).toBe('piano');
    const cleared = await scenario(creationsModel, [
      loaded,
      { type: 'creations.filters', filters: { status: 'failed' } },
      done('loadPage', { items: [], nextCursor: null }),
      { type: 'creations.clear' },
    ]);
    expect(cleared.effects.at(-1)).toEqual({ name: 'filtersChanged', params: noFilters });
    expect(ctx(cleared.snapshot).draft).toBe('');
  });

  it('a select changes only its filter: the search typed and not yet applied stays in the field', async () => {
    const r = await scenario(creationsModel, [
      loaded,
      { type: 'creations.type', q: 'pia' },
      { type: 'creations.filters', filters: { status: 'failed' } },
      done('loadPage', { items: [], nextCursor: null }),
    ]);
    expect(ctx(r.snapshot).filters).toEqual({ ...noFilters, status: 'failed' });
    expect(ctx(r.snapshot).draft).toBe('pia');
    expect(r.snapshot.matches({ browsing: { listed: { ready: 'typing' } } })).toBe(true);
  });

  it('starts with the filters of the address, and pages with them', async () => {
    const model = { ...creationsModel, input: { filters: { q: 'piano', from: '2026-11-01' } } };
    const r = await scenario(model, [loaded, { type: 'creations.more' }]);
    const filters = { ...noFilters, q: 'piano', from: '2026-11-01' };
    expect(r.started).toEqual([
      { id: 'loadPage', input: { only: null, category: null, cursor: null, limit: null, filters } },
      { id: 'loadMore', input: { only: null, category: null, cursor: 'cursor-2', limit: null, filters } },
    ]);
    expect(ctx(r.snapshot).draft).toBe('piano');
  });

  it("a refused search (a bad date) shows the server's message; Clear filters loads again", async () => {
    const r = await scenario(creationsModel, [
      loaded,
      { type: 'creations.filters', filters: { from: '2026-13-40' } },
      fail('loadPage', serverError('The from date is YYYY-MM-DD')),
    ]);
    expect(r.snapshot.hasTag('failed')).toBe(true);
    expect(ctx(r.snapshot).error).toBe('The from date is YYYY-MM-DD');
    expect(r.snapshot.can({ type: 'creations.clear' })).toBe(true);
  });

  it('typed while the page loads: the search applies after the pause once it has loaded', async () => {
    const r = await scenario(creationsModel, [
      { type: 'creations.type', q: 'piano' },
      loaded,
      elapse('searchPause', 'creations.browsing.listed.ready.typing'),
    ]);
    expect(ctx(r.snapshot).filters.q).toBe('piano');
    expect(r.snapshot.hasTag('loading')).toBe(true);
  });
});

describe('my creations: select several (CREATIONS-10..12)', () => {
  const running = creation('c3', { status: 'processing', output: null, completedAt: null });
  const loaded = done('loadPage', { items: [creation('c1'), creation('c2'), running], nextCursor: null });

  it('chooses finished runs only; Select all on this page takes every finished one', async () => {
    const r = await scenario(creationsModel, [
      loaded,
      { type: 'creations.toggle', id: 'c1' },
      { type: 'creations.select.start' },
      { type: 'creations.toggle', id: 'c3' },
      { type: 'creations.toggle', id: 'c2' },
      { type: 'creations.selectPage' },
    ]);
    expect(ctx(r.snapshot).selecting).toBe(true);
    expect(ctx(r.snapshot).selected).toEqual(['c2', 'c1']);
    const off = await scenario(creationsModel, [
      loaded,
      { type: 'creations.select.start' },
      { type: 'creations.toggle', id: 'c1' },
      { type: 'creations.toggle', id: 'c1' },
    ]);
    expect(ctx(off.snapshot).selected).toEqual([]);
    expect(off.snapshot.can({ type: 'creations.zip' })).toBe(false);
    expect(off.snapshot.can({ type: 'creations.bulkDelete' })).toBe(false);
  });

  it('downloads the chosen ids as one ZIP named by the day, and keeps the choice', async () => {
    const r = await scenario(creationsModel, [
      loaded,
      { type: 'creations.select.start' },
      { type: 'creations.selectPage' },
      { type: 'creations.zip' },
    ]);
    expect(r.snapshot.hasTag('zipping')).toBe(true);
    expect(r.started.at(-1)).toEqual({ id: 'downloadZip', input: { ids: ['c1', 'c2'] } });
    expect(zipName(new Date('2026-11-26T09:00:00Z'))).toBe('atelier-creations-2026-11-26.zip');
    const failed = await scenario(creationsModel, [
      loaded,
      { type: 'creations.select.start' },
      { type: 'creations.toggle', id: 'c1' },
      { type: 'creations.zip' },
      fail('downloadZip', {}),
    ]);
    expect(ctx(failed.snapshot).error).toBe(ZIP_FAILED);
    expect(ctx(failed.snapshot).selected).toEqual(['c1']);
  });

  it('deletes several after the confirmation, then reads the first page again', async () => {
    expect(bulkDeleteQuestion(2)).toBe('Delete 2 creations? This cannot be undone.');
    const r = await scenario(creationsModel, [
      loaded,
      { type: 'creations.select.start' },
      { type: 'creations.selectPage' },
      { type: 'creations.bulkDelete' },
      { type: 'creations.bulkDelete.confirm' },
      done('deleteCreations', { deleted: 2, message: '2 creations deleted' }),
    ]);
    expect(r.started.at(-2)).toEqual({ id: 'deleteCreations', input: { ids: ['c1', 'c2'] } });
    expect(r.started.at(-1)?.id).toBe('loadPage');
    expect(ctx(r.snapshot).selected).toEqual([]);
    expect(ctx(r.snapshot).selecting).toBe(false);
  });

  it("a refused delete of several keeps them all and shows the server's message; Cancel deletes nothing", async () => {
    const r = await scenario(creationsModel, [
      loaded,
      { type: 'creations.select.start' },
      { type: 'creations.selectPage' },
      { type: 'creations.bulkDelete' },
      { type: 'creations.bulkDelete.confirm' },
      fail('deleteCreations', serverError('A creation is still being made')),
    ]);
    expect(ctx(r.snapshot).error).toBe('A creation is still being made');
    expect(ctx(r.snapshot).items.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(ctx(r.snapshot).selected).toEqual(['c1', 'c2']);
    const fallback = await scenario(creationsModel, [
      loaded,
      { type: 'creations.select.start' },
      { type: 'creations.toggle', id: 'c1' },
      { type: 'creations.bulkDelete' },
      { type: 'creations.bulkDelete.confirm' },
      fail('deleteCreations', {}),
    ]);
    expect(ctx(fallback.snapshot).error).toBe(BULK_DELETE_FAILED);
    const cancel = await scenario(creationsModel, [
      loaded,
      { type: 'creations.select.start' },
      { type: 'creations.toggle', id: 'c1' },
      { type: 'creations.bulkDelete' },
      { type: 'creations.bulkDelete.cancel' },
    ]);
    expect(cancel.started.map((s) => s.id)).toEqual(['loadPage']);
    expect(ctx(cancel.snapshot).selected).toEqual(['c1']);
  });
});
