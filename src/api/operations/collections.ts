/**
 * Stars and collections in the operation table (COLLECT-1 to COLLECT-8): the caller's collections (list, create,
 * rename, delete), adding and removing creations, and starring. Every list of ids is all or none: an id that is
 * not one of the caller's finished creations answers 404 and nothing changes.
 */
import * as s from '../schemas';
import { bearer } from './bearer';
import type { OperationSpec } from './types';

const collection = {
  id: '7b1e3c20-4d5a-4f6b-9c8d-0e1f2a3b4c5d',
  name: 'Keep',
  count: 2,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const ids = ['3f0d1f5e-8c47-4b71-9f0a-6a1c2e7b9d10'];

export const collectionOperations = {
  listCollections: bearer('collections', {
    method: 'get',
    path: '/api/collections',
    summary: "The caller's collections, by name, each with how many creations it holds",
    answer: s.CollectionsAnswer,
    status: 200,
    errors: [],
    examples: { request: {}, answer: { items: [collection] } },
  }),
  createCollection: bearer('collections', {
    method: 'post',
    path: '/api/collections',
    summary: 'Make a named collection (1 to 60 characters, unique per account whatever the case)',
    description: 'A name the caller already uses answers 409.',
    body: s.CollectionBody,
    answer: s.Collection,
    status: 201,
    errors: [400, 409, 413],
    examples: { request: { body: { name: 'Keep' } }, answer: { ...collection, count: 0 } },
  }),
  renameCollection: bearer('collections', {
    method: 'post',
    path: '/api/collections/{id}',
    summary: 'Rename one of the caller’s collections',
    description: "Another account's collection answers 404; a name the caller already uses 409.",
    body: s.CollectionBody,
    answer: s.Collection,
    status: 200,
    errors: [400, 404, 409, 413],
    examples: {
      request: { params: { id: collection.id }, body: { name: 'Best' } },
      answer: { ...collection, name: 'Best' },
    },
  }),
  deleteCollection: bearer('collections', {
    method: 'delete',
    path: '/api/collections/{id}',
    summary: 'Delete one of the caller’s collections; its creations stay in My creations',
    answer: s.MessageBody,
    status: 200,
    errors: [404, 413],
    examples: { request: { params: { id: collection.id } }, answer: { message: 'Collection deleted' } },
  }),
  addToCollection: bearer('collections', {
    method: 'post',
    path: '/api/collections/{id}/items',
    summary: 'Add 1 to 100 of the caller’s finished creations to one of the caller’s collections',
    description:
      'All or none: an id that is not one of the caller’s finished creations answers 404 and nothing is added. ' +
      'A creation already there stays once.',
    body: s.CreationIdsBody,
    answer: s.ChangedAnswer,
    status: 200,
    errors: [400, 404, 413],
    examples: {
      request: { params: { id: collection.id }, body: { ids } },
      answer: { changed: 1, message: '1 creation added to Keep' },
    },
  }),
  removeFromCollection: bearer('collections', {
    method: 'post',
    path: '/api/collections/{id}/items/remove',
    summary: 'Take 1 to 100 creations out of one of the caller’s collections (the creations stay)',
    body: s.CreationIdsBody,
    answer: s.ChangedAnswer,
    status: 200,
    errors: [400, 404, 413],
    examples: {
      request: { params: { id: collection.id }, body: { ids } },
      answer: { changed: 1, message: '1 creation removed from Keep' },
    },
  }),
  starCreations: bearer('collections', {
    method: 'post',
    path: '/api/creations/star',
    summary: 'Star 1 to 100 of the caller’s finished creations',
    description:
      'All or none: an id that is not one of the caller’s finished creations answers 404 and nothing changes.',
    body: s.CreationIdsBody,
    answer: s.ChangedAnswer,
    status: 200,
    errors: [400, 404, 413],
    examples: { request: { body: { ids } }, answer: { changed: 1, message: '1 creation starred' } },
  }),
  unstarCreations: bearer('collections', {
    method: 'post',
    path: '/api/creations/unstar',
    summary: 'Take the star off 1 to 100 of the caller’s creations',
    description: 'All or none: an id that is not one of the caller’s creations answers 404 and nothing changes.',
    body: s.CreationIdsBody,
    answer: s.ChangedAnswer,
    status: 200,
    errors: [400, 404, 413],
    examples: { request: { body: { ids } }, answer: { changed: 1, message: '1 creation unstarred' } },
  }),
} as const satisfies Record<string, OperationSpec>;
