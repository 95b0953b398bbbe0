/**
 * Headers on every answer: nosniff, no referrer, no framing, and a Content-Security-Policy that runs
 * only our own scripts — the inline ones of index.html (the theme bootstrap) by their sha256, computed
 * from the file actually served (lib/inline-scripts.ts). /api answers are never cached.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';

/** The policy, given the hashes ('sha256-…') of the inline scripts the page may run. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    // Radix (scroll lock) and the checkout page add <style> elements; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'no-referrer');
  h.set('X-Frame-Options', 'DENY');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  // A route may set a stricter policy (stored files: sandbox) or its own hashes (index.html).
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', contentSecurityPolicy());
  if (c.req.path.startsWith('/api/') || c.req.path === '/users/credits') h.set('Cache-Control', 'no-store');
});
