/** The tray's calls: a batch of prompts (/api/generate/batch), the caller's runs (/api/runs) and a run's cancel. */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { limitByAccount } from '../middleware/rate-limit';
import { cancelRun, listRuns, startBatch } from '../services/generation';
import { idempotencyKey } from '../validate';

export const runRoutes = new Hono<AppEnv>();

// One call counts once against the generation limit, however many prompts it carries.
bind(
  runRoutes,
  ops.startBatch,
  async (c, { body }) => startBatch(c.var.deps, c.var.userId, body, idempotencyKey(c)),
  limitByAccount('generate'),
);
bind(runRoutes, ops.listRuns, async (c) => listRuns(c.var.deps, c.var.userId));
bind(runRoutes, ops.cancelRun, async (c, { params }) => cancelRun(c.var.deps, c.var.userId, params.id));
