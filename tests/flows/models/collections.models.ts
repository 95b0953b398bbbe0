/** Flow models of stars and collections (COLLECT): a creation's star, My creations' collections, a collection's page. */
import { starMachine, type StarContext } from '../../../src/flows/collections/star.machine';
import { collectionsMachine, type CollectionsContext } from '../../../src/flows/collections/collections.machine';
import { collectionMachine, type CollectionContext } from '../../../src/flows/collections/collection.machine';
import { collection, starred } from '../../../src/flows/collections/collections.examples';
import { defineModel } from '../model-paths';
import { serverError, silentError } from './fixtures';

/** COLLECT-1: a creation's star, pressed and answered (or refused). */
export const starModel = defineModel({
  machine: starMachine,
  input: { id: 'c1', starred: false },
  events: { 'star.toggle': [{ type: 'star.toggle' as const }] },
  actors: { saveStar: { done: [starred], error: [serverError('Creation not found'), silentError] } },
  context: (c: StarContext) => [c.starred, c.error !== null],
});

/** COLLECT-4, COLLECT-7: My creations' collections, Select mode's Star and the Add to collection dialog. */
export const collectionsModel = defineModel({
  machine: collectionsMachine,
  events: {
    'collections.star': [{ type: 'collections.star' as const, ids: ['c1'] }],
    'collections.open': [{ type: 'collections.open' as const, ids: ['c1'] }],
    'collections.choose': [{ type: 'collections.choose' as const, id: 'k1' }],
    'collections.name': [
      { type: 'collections.name' as const, name: 'Best' },
      { type: 'collections.name' as const, name: '' },
    ],
    'collections.create': [{ type: 'collections.create' as const }],
    'collections.add': [{ type: 'collections.add' as const }],
    'collections.cancel': [{ type: 'collections.cancel' as const }],
  },
  actors: {
    loadCollections: { done: [{ items: [collection('k1')] }], error: [silentError] },
    starCreations: { done: [starred], error: [serverError('Creation not found')] },
    createCollection: {
      done: [collection('k2', { name: 'Best', count: 0 })],
      error: [serverError('You already have a collection with this name.')],
    },
    addToCollections: { done: ['1 creation added to Keep'], error: [serverError('Creation not found')] },
  },
  context: (c: CollectionsContext) => [
    c.collections.some((k) => k.id === 'k1'),
    c.collections.some((k) => k.id === 'k2'),
    c.chosen.length > 0,
    c.name.trim() !== '',
    c.error !== null,
    c.notice !== null,
  ],
});

/** COLLECT-3, COLLECT-5, COLLECT-9: a collection's page: load, rename, delete after a confirmation. */
export const collectionModel = defineModel({
  machine: collectionMachine,
  input: { id: 'k1' },
  events: {
    'collection.reload': [{ type: 'collection.reload' as const }],
    'collection.rename': [{ type: 'collection.rename' as const }],
    'collection.name': [
      { type: 'collection.name' as const, name: 'Best' },
      { type: 'collection.name' as const, name: '' },
    ],
    'collection.save': [{ type: 'collection.save' as const }],
    'collection.cancel': [{ type: 'collection.cancel' as const }],
    'collection.delete': [{ type: 'collection.delete' as const }],
    'collection.delete.confirm': [{ type: 'collection.delete.confirm' as const }],
    'collection.delete.cancel': [{ type: 'collection.delete.cancel' as const }],
  },
  actors: {
    loadCollection: { done: [collection('k1')], error: [serverError('Collection not found')] },
    renameCollection: {
      done: [collection('k1', { name: 'Best' })],
      error: [serverError('You already have a collection with this name.')],
    },
    deleteCollection: { done: [{ message: 'Collection deleted' }], error: [serverError('Collection not found')] },
  },
  context: (c: CollectionContext) => [c.collection?.name ?? null, c.name.trim() !== '', c.error !== null],
});
