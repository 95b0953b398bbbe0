/**
 * Body limits per route (hono/body-limit), checked before anything reads the body: the Content-Length
 * first, then the bytes as they stream. Large bodies only where images travel as data URLs (upload
 * and the image-generation routes: a 15 MB file is about 20 MB as base64 JSON); a few kB on auth,
 * settings and payments; 1 MB on Replicate's webhook. Each refusal is a 413 {message} that fits the route.
 */
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { HttpError } from '../errors';

const KB = 1024;
const MB = 1024 * KB;

export const bodyTooLargeMessage = 'Request body too large';
export const imageTooLargeMessage = 'Image is too large. Please choose a smaller image.';

const limit = (maxSize: number, message: string): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, message);
    },
  });

/** Routes whose bodies carry images or videos as data URLs. */
const mediaRoutes: ReadonlySet<string> = new Set([
  '/api/upload',
  '/api/generate',
  '/api/generate/image',
  '/api/generate/restore',
  '/api/generate/person',
  '/api/generate/image-to-text',
  '/api/generate/video',
  '/api/generate/3d',
]);

const media = limit(22 * MB, imageTooLargeMessage);
/** Prompts (4,000 characters) and parameters. */
const generation = limit(64 * KB, bodyTooLargeMessage);
/** A batch: up to 10 prompts of 4,000 characters (up to 4 bytes each in UTF-8) and parameters. */
const batch = limit(256 * KB, bodyTooLargeMessage);
/** Stripe's events are a few kB; room for large invoices. */
const webhook = limit(256 * KB, bodyTooLargeMessage);
/** Replicate's webhook: the prediction with its input and logs (output files are addresses, not bytes). */
const replicateWebhook = limit(1 * MB, bodyTooLargeMessage);
/** Auth, settings, payments, the checkout page's form. */
const small = limit(8 * KB, bodyTooLargeMessage);

export const bodyLimits = createMiddleware<AppEnv>(async (c, next) => {
  // A GET or HEAD has no body to cap (a body on one is never read). Skipping them matters for speed:
  // hono's bodyLimit reads c.req.raw.body, which makes @hono/node-server build a full Request per call.
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const path = c.req.path.replace(/\/+$/, '') || '/';
  const chosen = mediaRoutes.has(path)
    ? media
    : path === '/api/generate/batch'
      ? batch
      : path.startsWith('/api/generate/')
        ? generation
        : path === '/api/stripe/webhook'
          ? webhook
          : path === '/api/webhooks/replicate'
            ? replicateWebhook
            : small;
  return chosen(c, next);
});
