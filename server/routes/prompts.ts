/**
 * /api/prompts: the prompts the caller ran per tool (PROMPT-1 to PROMPT-4), their saved styles (PROMPT-5,
 * PROMPT-6) and Enhance prompt (ENHANCE-1 to ENHANCE-4, one point of the account's hourly limit per call).
 */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { limitByAccount } from '../middleware/rate-limit';
import {
  clearPromptHistory,
  createPromptStyle,
  deletePromptStyle,
  enhancePrompt,
  listPromptHistory,
  listPromptStyles,
  updatePromptStyle,
} from '../services/prompts';

export const promptRoutes = new Hono<AppEnv>();

bind(promptRoutes, ops.listPromptHistory, async (c, { query }) =>
  listPromptHistory(c.var.deps.db, c.var.userId, query),
);
bind(promptRoutes, ops.clearPromptHistory, async (c) => clearPromptHistory(c.var.deps.db, c.var.userId));
bind(promptRoutes, ops.listPromptStyles, async (c) => listPromptStyles(c.var.deps.db, c.var.userId));
bind(promptRoutes, ops.createPromptStyle, async (c, { body }) => createPromptStyle(c.var.deps, c.var.userId, body));
bind(promptRoutes, ops.updatePromptStyle, async (c, { params, body }) =>
  updatePromptStyle(c.var.deps.db, c.var.userId, params.id, body),
);
bind(promptRoutes, ops.deletePromptStyle, async (c, { params }) =>
  deletePromptStyle(c.var.deps.db, c.var.userId, params.id),
);
bind(
  promptRoutes,
  ops.enhancePrompt,
  async (c, { body }) => enhancePrompt(c.var.deps, body.toolKey, body.prompt),
  limitByAccount('enhance'),
);
