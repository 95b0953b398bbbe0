/** /api/creations: the caller's runs (newest first, by cursor and category), one run, and deleting one. */
import { Hono } from 'hono';
import { CreationsQuery } from '../../src/api/schemas';
import type { AppEnv } from '../context';
import { parseInput } from '../errors';
import { requireAuth } from '../middleware/require-auth';
import { deleteCreation, getCreation, listCreations } from '../services/creations';

export const creationRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => {
    const query = parseInput(CreationsQuery, c.req.query());
    return c.json(await listCreations(c.var.deps.db, c.var.userId, query));
  })
  .get('/:id', async (c) => c.json(await getCreation(c.var.deps.db, c.var.userId, c.req.param('id'))))
  .delete('/:id', async (c) => {
    await deleteCreation(c.var.deps, c.var.userId, c.req.param('id'));
    return c.json({ message: 'Creation deleted' });
  });
