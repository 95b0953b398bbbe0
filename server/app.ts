/**
 * The Hono app: mounts the routes (/api of the operation table, the hosted checkout page, stored files, the dev
 * outbox), turns HttpErrors into JSON answers, and serves the built SPA.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context';
import { HttpError } from './errors';
import { bodyLimits } from './middleware/body-limits';
import { securityHeaders } from './middleware/security-headers';
import { openApiDocument } from './openapi';
import { authRoutes } from './routes/auth';
import { collectionRoutes } from './routes/collections';
import { creationRoutes } from './routes/creations';
import { fileRoutes } from './routes/files';
import { generateRoutes } from './routes/generate';
import { refineRoutes } from './routes/refine';
import { hostedCheckoutRoutes } from './routes/hosted-checkout';
import { outboxRoutes } from './routes/outbox';
import { staticSite } from './routes/static-site';
import { paymentRoutes } from './routes/payments';
import { promptRoutes } from './routes/prompts';
import { runRoutes } from './routes/runs';
import { shareRoutes } from './routes/share';
import { voicePreviewRoutes } from './routes/voice-previews';
import { uploadRoutes } from './routes/upload';
import { userRoutes } from './routes/users';
import { webhookRoutes } from './routes/webhooks';
import { addressRoots } from '../src/api/operations/addresses';

export const genericErrorMessage = 'Something went wrong. Please try again.';

/** GET /api/health: alive, which role answers (ROLE), and whether this process takes jobs. */
export function healthOf(deps: Pick<AppDeps, 'config' | 'jobs'>) {
  return { ok: true, role: deps.config.role, takingJobs: deps.jobs.working };
}

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

  // Every documented call, bound to its entry of the operation table (src/api/operations), which gives
  // each its full path, including the /users/credits alias of the credits call.
  for (const routes of [
    authRoutes,
    userRoutes,
    paymentRoutes,
    uploadRoutes,
    runRoutes,
    webhookRoutes,
    generateRoutes,
    creationRoutes,
    promptRoutes,
    refineRoutes,
    collectionRoutes,
  ]) {
    app.route('/', routes);
  }
  // Liveness for load balancers and `npm run bench:start`: answers once the database is open and migrated.
  app.get('/api/health', (c) => c.json(healthOf(deps)));
  app.get('/api/openapi.json', (c) => c.json(openApiDocument(deps.config.appUrl)));
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));

  // The local helpers exist only in local mode: the payment simulator and the outbox of every email.
  if (deps.payments.name === 'local') app.route(addressRoots.checkout, hostedCheckoutRoutes);
  app.route(addressRoots.files, fileRoutes);
  app.route(addressRoots.share, shareRoutes);
  app.route(addressRoots.voicePreviews, voicePreviewRoutes);
  if (deps.mailer.mode === 'outbox') app.route('/dev/outbox', outboxRoutes);

  // The built SPA: files, prerendered pages and the history fallback (routes/static-site.ts).
  app.get('*', staticSite());

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return app;
}
