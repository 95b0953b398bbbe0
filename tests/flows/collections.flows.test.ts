import { describe, expect, it } from 'vitest';
import { describeFlows, done, fail, scenario } from './harness';
import { collectionModel, collectionsModel, starModel } from './models/collections.models';
import { collection, starred } from '../../src/flows/collections/collections.examples';
import { serverError } from './models/fixtures';
import { STAR_FAILED } from '../../src/flows/collections/star.machine';

describeFlows('star', starModel);
describeFlows('collections', collectionsModel);
describeFlows('collection page', collectionModel);

const ctx = <T>(s: { context: unknown }) => s.context as T;

describe('stars and collections', () => {
  it('COLLECT-1: the star is saved, then shows pressed and tells the page; a failure keeps it as it was', async () => {
    const r = await scenario(starModel, [{ type: 'star.toggle' }, done('saveStar', starred)]);
    expect(r.started).toEqual([{ id: 'saveStar', input: { id: 'c1', starred: true } }]);
    expect(ctx<{ starred: boolean }>(r.snapshot).starred).toBe(true);
    const refused = await scenario(starModel, [{ type: 'star.toggle' }, fail('saveStar', {})]);
    expect(ctx<{ starred: boolean; error: string }>(refused.snapshot)).toMatchObject({
      starred: false,
      error: STAR_FAILED,
    });
  });

  it('COLLECT-4: Star in Select mode stars the chosen creations and says so', async () => {
    const r = await scenario(collectionsModel, [
      done('loadCollections', { items: [collection('k1')] }),
      { type: 'collections.star', ids: ['c1'] },
      done('starCreations', starred),
    ]);
    expect(r.started.at(-1)).toEqual({ id: 'starCreations', input: { ids: ['c1'] } });
    expect(ctx<{ notice: string }>(r.snapshot).notice).toBe('1 creation starred');
  });

  it('COLLECT-3, COLLECT-4: a new collection is made in the dialog, ticked, and the creations are added to it', async () => {
    const r = await scenario(collectionsModel, [
      done('loadCollections', { items: [] }),
      { type: 'collections.open', ids: ['c1'] },
      { type: 'collections.name', name: ' Keep ' },
      { type: 'collections.create' },
      done('createCollection', collection('k2')),
      { type: 'collections.add' },
      done('addToCollections', '1 creation added to Keep'),
    ]);
    expect(r.started.map((s) => s.input)).toEqual([
      undefined,
      { name: 'Keep' },
      { collectionIds: ['k2'], ids: ['c1'] },
    ]);
    expect(r.snapshot.value).toBe('ready');
    expect(ctx<{ notice: string }>(r.snapshot).notice).toBe('1 creation added to Keep');
  });

  it('COLLECT-3: a name in use is refused with the server’s words and the dialog stays', async () => {
    const r = await scenario(collectionsModel, [
      done('loadCollections', { items: [collection('k1')] }),
      { type: 'collections.open', ids: ['c1'] },
      { type: 'collections.name', name: 'keep' },
      { type: 'collections.create' },
      fail('createCollection', serverError('You already have a collection with this name.')),
    ]);
    expect(r.snapshot.value).toBe('choosing');
    expect(ctx<{ error: string }>(r.snapshot).error).toBe('You already have a collection with this name.');
  });

  it('COLLECT-5, COLLECT-9: a collection is renamed, and deleted only after the confirmation', async () => {
    const renamed = await scenario(collectionModel, [
      done('loadCollection', collection('k1')),
      { type: 'collection.rename' },
      { type: 'collection.name', name: 'Best' },
      { type: 'collection.save' },
      done('renameCollection', collection('k1', { name: 'Best' })),
    ]);
    expect(renamed.started.at(-1)).toEqual({ id: 'renameCollection', input: { id: 'k1', name: 'Best' } });
    expect(ctx<{ collection: { name: string } }>(renamed.snapshot).collection.name).toBe('Best');
    const kept = await scenario(collectionModel, [
      done('loadCollection', collection('k1')),
      { type: 'collection.delete' },
      { type: 'collection.delete.cancel' },
    ]);
    expect(kept.snapshot.value).toBe('shown');
    const gone = await scenario(collectionModel, [
      done('loadCollection', collection('k1')),
      { type: 'collection.delete' },
      { type: 'collection.delete.confirm' },
      done('deleteCollection', { message: 'Collection deleted' }),
    ]);
    expect(gone.snapshot.value).toBe('deleted');
    expect(gone.effects).toEqual([{ name: 'collectionDeleted', params: undefined }]);
  });
});
