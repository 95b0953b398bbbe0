/** POST /api/upload: a data URL of a real image (or, declared video/*, a real video) → a URL of ours. */
import { Hono } from 'hono';
import { UploadBody } from '../../src/api/schemas';
import type { AppEnv } from '../context';
import { limitByAccount } from '../middleware/rate-limit';
import { requireAuth } from '../middleware/require-auth';
import { storeUpload } from '../services/storage';
import { readBody } from '../validate';

export const uploadRoutes = new Hono<AppEnv>().post('/', requireAuth, limitByAccount('upload'), async (c) => {
  const body = await readBody(c, UploadBody);
  const url = await storeUpload(c.var.deps, c.var.userId, body.image);
  return c.json({ url }, 201);
});
