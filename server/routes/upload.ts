/** POST /api/upload: a data URL of a real image (or, declared video/*, a real video) → a URL of ours. */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { limitByAccount } from '../middleware/rate-limit';
import { storeUpload } from '../services/storage';

export const uploadRoutes = new Hono<AppEnv>();

bind(
  uploadRoutes,
  ops.upload,
  async (c, { body }) => {
    return { url: await storeUpload(c.var.deps, c.var.userId, body.image) };
  },
  limitByAccount('upload'),
);
