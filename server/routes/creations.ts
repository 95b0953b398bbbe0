/** /api/creations: the caller's runs (newest first, by cursor and category), one run, and deleting one. */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { deleteCreation, getCreation, listCreations } from '../services/creations';

export const creationRoutes = new Hono<AppEnv>();

bind(creationRoutes, ops.listCreations, async (c, { query }) => listCreations(c.var.deps.db, c.var.userId, query));
bind(creationRoutes, ops.getCreation, async (c, { params }) => getCreation(c.var.deps.db, c.var.userId, params.id));
bind(creationRoutes, ops.deleteCreation, async (c, { params }) => {
  await deleteCreation(c.var.deps, c.var.userId, params.id);
  return { message: 'Creation deleted' };
});
