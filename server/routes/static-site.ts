/**
 * The built SPA (dist/): static files, prerendered pages and the history fallback.
 * - A path that names a file (it has an extension, or is under /assets/) answers that file or 404:
 *   a missing chunk must fail loudly, not load the HTML shell as JavaScript.
 * - Any other path is an app route: dist/pages/<path>.html when the build wrote it, else
 *   dist/index.html; an address none of the app's routes matches (dist/pages/routes.json, see
 *   lib/app-routes.ts) gets it with status 404, and the SPA draws its not-found page. A public page's file
 *   holds its prerendered markup, sent only for its address without a query (withoutPrerender).
 * - Pages name absolute addresses (og:image, og:url, the canonical link) as `__APP_URL__` + path
 *   (scripts/page-heads.ts); APP_URL is written there on first use, once per file version, and the
 *   compressed forms made again, so one build serves any public origin.
 * - Pages carry a CSP with the hashes of their own inline scripts and `no-cache`; hashed assets are
 *   immutable for a year; text formats are sent brotli- or gzip-compressed by Accept-Encoding.
 */
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { parseRoutes, type RouteMatcher } from '../lib/app-routes';
import { inlineScriptHashes } from '../lib/inline-scripts';
import {
  assetPath,
  createStaticFiles,
  looksLikeFile,
  pickEncoding,
  prerenderedPath,
  type StaticFile,
} from '../lib/static-files';
import { contentSecurityPolicy } from '../middleware/security-headers';

const immutable = 'public, max-age=31536000, immutable';
const appUrlToken = '__APP_URL__';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const attributeSafe = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page with APP_URL in place of the build's token, compressed again (the built .br/.gz hold the token). */
async function withAppUrl(file: StaticFile, appUrl: string): Promise<StaticFile> {
  const text = new TextDecoder().decode(file.body);
  if (!text.includes(appUrlToken)) return file;
  const body = new TextEncoder().encode(text.replaceAll(appUrlToken, attributeSafe(appUrl)));
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip(body, { level: 9 }),
  ]);
  return { ...file, body, br: new Uint8Array(br), gzip: new Uint8Array(gz) };
}

const rootStart = '<div id="root">';

/**
 * The page without its prerendered markup: the prerender draws a page as its address shows it with no
 * query, so an address with one (a search, a checkout return) is drawn by the browser instead, from
 * the same head, stylesheets and preloads. Pages without markup come back unchanged.
 */
function withoutPrerender(file: StaticFile): StaticFile {
  const text = new TextDecoder().decode(file.body);
  const start = text.indexOf(rootStart);
  const end = text.lastIndexOf('</body>');
  if (start < 0 || end < start || text.startsWith('</div>', start + rootStart.length)) return file;
  const body = new TextEncoder().encode(`${text.slice(0, start)}${rootStart}</div>\n  ${text.slice(end)}`);
  return { file: file.file, type: file.type, body };
}

export function staticSite() {
  const files = createStaticFiles();
  const policies = new WeakMap<StaticFile, string>();
  const served = new WeakMap<StaticFile, Promise<StaticFile>>();
  const servedBare = new WeakMap<StaticFile, Promise<StaticFile>>();

  const routeLists = new WeakMap<StaticFile, RouteMatcher | undefined>();

  const send = (c: Context<AppEnv>, file: StaticFile, headers: Record<string, string>, status: 200 | 404 = 200) => {
    if (file.br || file.gzip) {
      headers['Vary'] = 'Accept-Encoding';
      const encoding = pickEncoding(c.req.header('accept-encoding'));
      const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined;
      if (encoding && body) {
        return c.body(body, status, { ...headers, 'Content-Type': file.type, 'Content-Encoding': encoding });
      }
    }
    return c.body(file.body, status, { ...headers, 'Content-Type': file.type });
  };

  /** Whether the app has a page at this path; true when the build lists no routes. */
  const isAppRoute = async (root: string, urlPath: string) => {
    const list = await files.read(path.join(root, 'pages', 'routes.json'));
    if (!list) return true;
    if (!routeLists.has(list)) routeLists.set(list, parseRoutes(new TextDecoder().decode(list.body)));
    return routeLists.get(list)?.(urlPath) ?? true;
  };

  const page = async (c: Context<AppEnv>, built: StaticFile, status: 200 | 404 = 200) => {
    const bare = new URL(c.req.url).search !== '';
    const cache = bare ? servedBare : served;
    let pending = cache.get(built);
    if (!pending) {
      pending = withAppUrl(bare ? withoutPrerender(built) : built, c.var.deps.config.appUrl);
      cache.set(built, pending);
    }
    const file = await pending;
    let policy = policies.get(file);
    if (!policy) {
      // The theme bootstrap and any other inline script run by their hash, computed from the file served.
      policy = contentSecurityPolicy(inlineScriptHashes(new TextDecoder().decode(file.body)));
      policies.set(file, policy);
    }
    return send(c, file, { 'Cache-Control': 'no-cache', 'Content-Security-Policy': policy }, status);
  };

  return async (c: Context<AppEnv>) => {
    const distDir = c.var.deps.distDir;
    if (!distDir) return c.json({ message: 'Not found' }, 404);
    const root = path.resolve(distDir);
    const urlPath = c.req.path;

    if (looksLikeFile(urlPath)) {
      const wanted = assetPath(root, urlPath);
      const file = wanted && (await files.read(wanted));
      if (!file) return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
      if (file.type.startsWith('text/html')) return page(c, file);
      const hashed = wanted.startsWith(path.join(root, 'assets') + path.sep);
      return send(c, file, { 'Cache-Control': hashed ? immutable : 'no-cache' });
    }

    const prerendered = prerenderedPath(root, urlPath);
    const own = prerendered && (await files.read(prerendered));
    if (own) return page(c, own);
    const shell = await files.read(path.join(root, 'index.html'));
    if (!shell) return c.json({ message: 'The app is not built. Run `npm run build`.' }, 404);
    // An address the app has no page for gets the app (it draws its not-found page) with status 404.
    return page(c, shell, (await isAppRoute(root, urlPath)) ? 200 : 404);
  };
}
