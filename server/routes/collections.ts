/** /api/collections and the stars of /api/creations (COLLECT-1 to COLLECT-8): the caller's own, nobody else's. */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import {
  addToCollection,
  collectionDeletedMessage,
  createCollection,
  deleteCollection,
  listCollections,
  removeFromCollection,
  renameCollection,
  setStars,
} from '../services/collections';

export const collectionRoutes = new Hono<AppEnv>();

bind(collectionRoutes, ops.listCollections, async (c) => ({
  items: await listCollections(c.var.deps.db, c.var.userId),
}));
bind(collectionRoutes, ops.createCollection, async (c, { body }) =>
  createCollection(c.var.deps.db, c.var.userId, body.name),
);
bind(collectionRoutes, ops.renameCollection, async (c, { params, body }) =>
  renameCollection(c.var.deps.db, c.var.userId, params.id, body.name),
);
bind(collectionRoutes, ops.deleteCollection, async (c, { params }) => {
  await deleteCollection(c.var.deps.db, c.var.userId, params.id);
  return { message: collectionDeletedMessage };
});
bind(collectionRoutes, ops.addToCollection, async (c, { params, body }) =>
  addToCollection(c.var.deps.db, c.var.userId, params.id, body.ids),
);
bind(collectionRoutes, ops.removeFromCollection, async (c, { params, body }) =>
  removeFromCollection(c.var.deps.db, c.var.userId, params.id, body.ids),
);
bind(collectionRoutes, ops.starCreations, async (c, { body }) => setStars(c.var.deps.db, c.var.userId, body.ids, true));
bind(collectionRoutes, ops.unstarCreations, async (c, { body }) =>
  setStars(c.var.deps.db, c.var.userId, body.ids, false),
);
