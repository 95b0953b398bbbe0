/** GET /files/{uploads|outputs}/{name}: stored files, served with headers that keep them inert. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { readStoredFile } from '../services/storage';

export const fileRoutes = new Hono<AppEnv>().get('/:dir{uploads|outputs}/:name', async (c) => {
  const { db, files } = c.var.deps;
  const file = await readStoredFile(db, files, `${c.req.param('dir')}/${c.req.param('name')}`);
  if (!file) return c.json({ message: 'File not found' }, 404);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=31536000, immutable',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
});
