/** Stars and collections' examples: a collection, the person's list of them, a star's answer. */
import type { Collection } from '../../api/schemas';
import type { FlowExamples } from '../shared/examples';

export const collection = (id: string, extra: Partial<Collection> = {}): Collection => ({
  id,
  name: 'Keep',
  count: 2,
  createdAt: '2026-11-23T12:00:00.000Z',
  ...extra,
});

export const starred = { changed: 1, message: '1 creation starred' };

export const examples: FlowExamples = {
  inputs: { star: { id: 'c1', starred: false }, collection: { id: 'k1' } },
  answers: {
    saveStar: starred,
    loadCollections: { items: [collection('k1')] },
    starCreations: starred,
    createCollection: collection('k2', { name: 'Best', count: 0 }),
    addToCollections: '1 creation added to Keep',
    loadCollection: collection('k1'),
    renameCollection: collection('k1', { name: 'Best' }),
    deleteCollection: { message: 'Collection deleted' },
  },
  events: {
    'collections.star': { ids: ['c1'] },
    'collections.open': { ids: ['c1'] },
    'collections.choose': { id: 'k1' },
    'collections.name': { name: 'Best' },
    'collection.name': { name: 'Best' },
  },
};
