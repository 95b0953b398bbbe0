/**
 * The Hono app: mounts the routes (/api of spec §7, the hosted checkout page, stored files, the dev
 * outbox), turns HttpErrors into JSON answers, and serves the built SPA.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context';
import { HttpError } from './errors';
import { bodyLimits } from './middleware/body-limits';
import { requireAuth } from './middleware/require-auth';
import { contentSecurityPolicy, securityHeaders } from './middleware/security-headers';
import { inlineScriptHashes } from './lib/inline-scripts';
import { openApiDocument } from './openapi';
import { authRoutes } from './routes/auth';
import { creationRoutes } from './routes/creations';
import { fileRoutes } from './routes/files';
import { generateRoutes, predictionRoutes } from './routes/generate';
import { hostedCheckoutRoutes } from './routes/hosted-checkout';
import { outboxRoutes } from './routes/outbox';
import { paymentRoutes } from './routes/payments';
import { uploadRoutes } from './routes/upload';
import { creditsHandler, userRoutes } from './routes/users';

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

  app.use(securityHeaders);

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json({ message: error.message, ...error.extra }, error.status, error.headers);
    }
    deps.log(
      `Unhandled error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return c.json({ message: genericErrorMessage }, 500);
  });

  // Every body is capped before it is read: large only on the upload and image-generation routes.
  app.use(bodyLimits);

  app.route('/api/auth', authRoutes);
  app.route('/api/users', userRoutes);
  // Spec §7: the credits call is also made without the /api prefix.
  app.get('/users/credits', requireAuth, creditsHandler);
  app.route('/api/stripe', paymentRoutes);
  app.route('/api/upload', uploadRoutes);
  app.route('/api/generate', generateRoutes);
  app.route('/api/prediction', predictionRoutes);
  app.route('/api/creations', creationRoutes);
  app.get('/api/openapi.json', (c) => c.json(openApiDocument(deps.config.appUrl)));
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));

  // The local helpers exist only in local mode: the payment simulator and the outbox of every email.
  if (deps.payments.name === 'local') app.route('/checkout', hostedCheckoutRoutes);
  app.route('/files', fileRoutes);
  if (deps.mailer.mode === 'outbox') app.route('/dev/outbox', outboxRoutes);

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
    let html: string;
    try {
      html = await fs.readFile(path.join(root, 'index.html'), 'utf8');
    } catch {
      return c.json({ message: 'The app is not built. Run `npm run build`.' }, 404);
    }
    // The theme bootstrap and any other inline script run by their hash, computed from the file served.
    return c.html(html, 200, {
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': contentSecurityPolicy(inlineScriptHashes(html)),
    });
  });

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return app;
}
