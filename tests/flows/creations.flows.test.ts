import { describe, expect, it } from 'vitest';
import { describeFlows, done, fail, scenario } from './harness';
import { creation, creationModel, creationsModel } from './models/creations.models';
import { serverError } from './models/fixtures';
import { DELETE_FAILED, LOAD_FAILED } from '../../machines/creations/creations.machine';

describeFlows('creations (list)', creationsModel);
describeFlows('creations (one run)', creationModel);

type Ctx = { items: { id: string }[]; nextCursor: string | null; error: string | null; category: string | null };
const ctx = (s: { context: unknown }) => s.context as Ctx;

describe('my creations', () => {
  it('loads the first page, then the next by its cursor, appending', async () => {
    const r = await scenario(creationsModel, [
      done('loadPage', { items: [creation('c1'), creation('c2')], nextCursor: 'cursor-2' }),
      { type: 'creations.more' },
      done('loadMore', { items: [creation('c3')], nextCursor: null }),
    ]);
    expect(r.started).toEqual([
      { id: 'loadPage', input: { only: null, category: null, cursor: null, limit: null } },
      { id: 'loadMore', input: { only: null, category: null, cursor: 'cursor-2', limit: null } },
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
      input: { only: null, category: 'Video', cursor: null, limit: null },
    });
    expect(ctx(r.snapshot).items).toEqual([]);
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
      { id: 'loadPage', input: { only: 'c1', category: null, cursor: null, limit: null } },
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
