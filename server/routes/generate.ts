/** /api/generate… and /api/prediction/{id}. Runs are priced from the catalogue, never from the client. */
import { Hono } from 'hono';
import { operations as ops, toolStarts } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { limitByAccount } from '../middleware/rate-limit';
import { generateImage, predictionFor, startGeneration } from '../services/generation';
import { idempotencyKey } from '../validate';

export const generateRoutes = new Hono<AppEnv>();
const limit = limitByAccount('generate');

bind(
  generateRoutes,
  ops.startGeneration,
  async (c, { body }) => {
    const { id, credits } = await startGeneration(c.var.deps, c.var.userId, body, 'any', idempotencyKey(c));
    return { id, credits };
  },
  limit,
);
// Synchronous: answers with the stored output once the run ends.
bind(
  generateRoutes,
  ops.generateImage,
  async (c, { body }) =>
    generateImage(c.var.deps, c.var.userId, body, ['generateImage', 'generateRestore'], idempotencyKey(c)),
  limit,
);
for (const [start, op] of Object.entries(toolStarts) as [
  keyof typeof toolStarts,
  (typeof toolStarts)[keyof typeof toolStarts],
][]) {
  bind(
    generateRoutes,
    op,
    async (c, { body }) => {
      const { id, credits } = await startGeneration(c.var.deps, c.var.userId, body, [start], idempotencyKey(c));
      return { id, credits };
    },
    limit,
  );
}

bind(generateRoutes, ops.getPrediction, async (c, { params }) => predictionFor(c.var.deps.db, c.var.userId, params.id));
