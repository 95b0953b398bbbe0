/** /api/creations/{id}/upscale and /vary (REFINE-1 to REFINE-6): a run made from one of the caller's images. */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { limitByAccount } from '../middleware/rate-limit';
import { startRefine } from '../services/generation';
import { idempotencyKey } from '../validate';

export const refineRoutes = new Hono<AppEnv>();
// The starts' own limit: a refine run is a generation start like any other.
const limit = limitByAccount('generate');

bind(
  refineRoutes,
  ops.upscaleCreation,
  async (c, { params }) => {
    const { id, credits } = await startRefine(
      c.var.deps,
      c.var.userId,
      params.id,
      { kind: 'upscale' },
      idempotencyKey(c),
    );
    return { id, credits };
  },
  limit,
);
bind(
  refineRoutes,
  ops.varyCreation,
  async (c, { params, body }) => {
    const refinement = { kind: 'vary', strength: body.strength } as const;
    const { id, credits } = await startRefine(c.var.deps, c.var.userId, params.id, refinement, idempotencyKey(c));
    return { id, credits };
  },
  limit,
);
