/** The Hono app: /api (spec §7), the local checkout, stored files, the dev outbox and the built SPA. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { eq } from 'drizzle-orm';
import type { AppDeps, AppEnv } from './context';
import { files } from './db/schema';
import { HttpError } from './errors';
import { outboxHtml } from './mail';
import { openApiDocument } from './openapi';
import { authRoutes } from './routes/auth';
import { checkoutRoutes } from './routes/checkout';
import { generateRoutes, predictionRoutes } from './routes/generate';
import { paymentRoutes } from './routes/payments';
import { uploadRoutes } from './routes/upload';
import { creditsHandler, userRoutes } from './routes/users';
import { requireAuth } from './auth';

export const genericErrorMessage = 'Something went wrong. Please try again.';

const staticTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    if (deps.config.logRequests) {
      deps.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    }
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json({ message: error.message, ...error.extra }, error.status);
    }
    deps.log(
      `Unhandled error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return c.json({ message: genericErrorMessage }, 500);
  });

  // Uploads are at most 15 MB decoded, about 20 MB as base64 JSON.
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: 22 * 1024 * 1024,
      onError: () => {
        throw new HttpError(413, 'Image is too large. Please choose a smaller image.');
      },
    }),
  );

  app.route('/api/auth', authRoutes);
  app.route('/api/users', userRoutes);
  // Spec §7: the credits call is also made without the /api prefix.
  app.get('/users/credits', requireAuth, creditsHandler);
  app.route('/api/stripe', paymentRoutes);
  app.route('/api/upload', uploadRoutes);
  app.route('/api/generate', generateRoutes);
  app.route('/api/prediction', predictionRoutes);
  app.get('/api/openapi.json', (c) => c.json(openApiDocument(deps.config.appUrl)));
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));

  app.route('/checkout', checkoutRoutes);

  app.get('/files/:dir{uploads|outputs}/:name', async (c) => {
    const relPath = `${c.req.param('dir')}/${c.req.param('name')}`;
    const [row] = await deps.db.select().from(files).where(eq(files.path, relPath));
    const bytes = row ? await deps.files.read(row.path) : undefined;
    if (!row || !bytes) return c.json({ message: 'File not found' }, 404);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': row.contentType,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });

  app.get('/dev/outbox', async (c) => {
    if (deps.mailer.mode !== 'outbox') return c.json({ message: 'Not found' }, 404);
    const entries = await deps.mailer.list();
    const accept = c.req.header('accept') ?? '';
    const wantsHtml =
      c.req.query('format') === 'html' ||
      (c.req.query('format') !== 'json' &&
        accept.includes('text/html') &&
        accept.indexOf('text/html') < (accept.indexOf('application/json') + 1 || Infinity));
    return wantsHtml ? c.html(outboxHtml(entries)) : c.json(entries);
  });

  // The built SPA, with a history fallback to index.html for client-side routes.
  app.get('*', async (c) => {
    if (!deps.distDir) return c.json({ message: 'Not found' }, 404);
    const root = path.resolve(deps.distDir);
    const wanted = path.resolve(root, '.' + c.req.path);
    if (wanted.startsWith(root + path.sep)) {
      try {
        const stat = await fs.stat(wanted);
        if (stat.isFile()) {
          const type = staticTypes[path.extname(wanted)] ?? 'application/octet-stream';
          const immutable = wanted.startsWith(path.join(root, 'assets') + path.sep);
          return c.body(new Uint8Array(await fs.readFile(wanted)), 200, {
            'Content-Type': type,
            'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          });
        }
      } catch {
        // Not a file: a client-side route.
      }
    }
    try {
      return c.html(await fs.readFile(path.join(root, 'index.html'), 'utf8'), 200, { 'Cache-Control': 'no-cache' });
    } catch {
      return c.json({ message: 'The app is not built. Run `npm run build`.' }, 404);
    }
  });

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return app;
}
