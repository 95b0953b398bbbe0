/**
 * /api/creations: the caller's runs (newest first, by cursor, searched and filtered), one run, sharing one,
 * a ZIP of several, and deleting one or several.
 */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindFileOperation, bindOperation as bind } from '../lib/operation';
import { deleteCreation, deleteCreations, getCreation, listCreations } from '../services/creations';
import { creationsZip } from '../services/creations-zip';
import { linkRevokedMessage, shareCreation, unshareCreation } from '../services/shares';

export const creationRoutes = new Hono<AppEnv>();

// The fixed paths first: /api/creations/zip and /delete are never read as an {id}.
bindFileOperation(creationRoutes, ops.downloadCreations, async (c, { body }) =>
  creationsZip(c.var.deps, c.var.userId, body.ids),
);
bind(creationRoutes, ops.deleteCreations, async (c, { body }) => {
  const deleted = await deleteCreations(c.var.deps, c.var.userId, body.ids);
  return { deleted, message: `${deleted} creation${deleted === 1 ? '' : 's'} deleted` };
});
bind(creationRoutes, ops.listCreations, async (c, { query }) => listCreations(c.var.deps.db, c.var.userId, query));
bind(creationRoutes, ops.getCreation, async (c, { params }) => getCreation(c.var.deps, c.var.userId, params.id));
bind(creationRoutes, ops.deleteCreation, async (c, { params }) => {
  await deleteCreation(c.var.deps, c.var.userId, params.id);
  return { message: 'Creation deleted' };
});
bind(creationRoutes, ops.shareCreation, async (c, { params }) => shareCreation(c.var.deps, c.var.userId, params.id));
bind(creationRoutes, ops.unshareCreation, async (c, { params }) => {
  await unshareCreation(c.var.deps, c.var.userId, params.id);
  return { message: linkRevokedMessage };
});
