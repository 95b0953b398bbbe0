/**
 * GET /voice-previews/{speaker}.wav: a voice preset's short sample (TOOL-51), made once per instance by
 * services/voice-previews.ts. An unknown voice answers 404, a busy pool 503, each with a message.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { voicePreview } from '../services/voice-previews';

export const voicePreviewRoutes = new Hono<AppEnv>().get('/:file{[a-z0-9_]+\\.wav}', async (c) => {
  const preview = await voicePreview(c.var.deps, c.req.param('file').replace(/\.wav$/, ''));
  if (!preview.ok) return c.json({ message: preview.message }, preview.status);
  return c.body(new Uint8Array(preview.bytes), 200, {
    'Content-Type': 'audio/wav',
    'Cache-Control': 'public, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
  });
});
