/**
 * The static site (routes/static-site.ts) on a small fake dist/: the web's files, 404 for missing files
 * and API paths, prerendered pages (and paths that try to leave dist/), compression and caching.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { routePaths } from '../../scripts/page-heads';
import { json, setupApp } from './helpers';

const shellScript = 'window.shell = 1;';
const pageScript = 'window.prerendered = 1;';
const bigScript = `export const data = ${JSON.stringify('x'.repeat(4000))};`;

let dist: string;
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-static-'));
  const write = (name: string, body: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), body);
  };
  write('index.html', `<!doctype html><title>Shell</title><script>${shellScript}</script>`);
  write('robots.txt', 'User-agent: *\nAllow: /\n');
  write('favicon.ico', Buffer.from([0, 0, 1, 0, 1, 0]));
  write('manifest.webmanifest', '{"name":"Atelier"}');
  write('assets/index-abc123.js', bigScript);
  // A precompressed form written by the build wins over compressing on the fly.
  write('assets/index-abc123.js.br', zlib.brotliCompressSync(Buffer.from(bigScript)));
  write('assets/style-def456.css', `body{color:red}${' '.repeat(1000)}`);
  write('pages/index.html', `<!doctype html><title>Home page</title><script>${pageScript}</script>`);
  write('pages/all-tools.html', '<!doctype html><title>All tools page</title>');
  write('pages/tools/text-to-image.html', '<!doctype html><title>Tool page</title>');
  // A public page as the build prerenders it: its markup inside #root (scripts/prerender.ts).
  write(
    'pages/credits.html',
    `<!doctype html><html><head><title>Buy credits</title><link rel="canonical" href="__APP_URL__/credits" /></head><body>\n    <div id="root"><main><h1>Buy credits</h1></main></div>\n  </body></html>`,
  );
  // The build writes absolute addresses with the APP_URL token (scripts/page-heads.ts), precompressed too.
  const termsPage = `<!doctype html><title>Terms</title><link rel="canonical" href="__APP_URL__/terms" />${' '.repeat(600)}`;
  write('pages/terms.html', termsPage);
  write('pages/terms.html.br', zlib.brotliCompressSync(Buffer.from(termsPage)));
  // The app's routes, as the build lists them from the router's route tree.
  write(
    'pages/routes.json',
    JSON.stringify(routePaths(fs.readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8'))),
  );
  // Outside pages/: must never be served as a prerendered page.
  write('secret.html.txt', 'secret');
  fs.writeFileSync(path.join(os.tmpdir(), 'atelier-outside.html'), 'outside');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const hash = (script: string) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;

describe('static site', () => {
  const t = setupApp('pglite');
  const get = (pathname: string, headers: Record<string, string> = {}) =>
    Promise.resolve(createApp({ ...t.runtime.deps, distDir: dist }).request(pathname, { headers }));

  it('serves robots.txt, favicon.ico and the web manifest with their types', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('User-agent: *');
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(new Uint8Array(await icon.arrayBuffer())).toEqual(new Uint8Array([0, 0, 1, 0, 1, 0]));
    expect((await get('/manifest.webmanifest')).headers.get('content-type')).toBe('application/manifest+json');
  });

  it('answers 404 for missing files and assets, and 404 JSON for unknown API paths', async () => {
    for (const pathname of ['/no-such.js', '/assets/missing.js', '/assets/nothing', '/deep/no-such.css']) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers.get('content-type'), pathname).not.toMatch(/html/);
    }
    for (const [method, pathname] of [
      ['GET', '/api/no-such'],
      ['POST', '/api/no-such'],
      ['GET', '/api/no-such.js'],
    ] as const) {
      const res = await createApp({ ...t.runtime.deps, distDir: dist }).request(pathname, { method });
      expect(res.status, pathname).toBe(404);
      expect(await json(res), pathname).toEqual({ message: 'Not found' });
    }
  });

  it('serves a prerendered page when the build made one, else the shell, each with its own script hashes', async () => {
    const home = await get('/');
    expect(await home.text()).toContain('Home page');
    expect(home.headers.get('content-security-policy')).toContain(hash(pageScript));
    expect(home.headers.get('content-security-policy')).not.toContain(hash(shellScript));
    expect(await (await get('/all-tools')).text()).toContain('All tools page');
    expect(await (await get('/all-tools/')).text()).toContain('All tools page');
    expect(await (await get('/tools/text-to-image')).text()).toContain('Tool page');
    const shell = await get('/settings');
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('Shell');
    expect(shell.headers.get('content-security-policy')).toContain(hash(shellScript));
    expect(await (await get('/tools/unknown-tool')).text()).toContain('Shell');
  });

  it('answers every route of the app with 200, and an address the app has no page for with the app and 404', async () => {
    const routes = ['/settings', '/creations', '/creations/', '/creations/abc', '/flows', '/flows/session'];
    routes.push(
      '/verify-email',
      '/verify-email/tok',
      '/reset-password/tok',
      '/VIDEO-models/',
      '/image-models/text-to-image',
    );
    for (const pathname of routes) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(await res.text(), pathname).toContain('Shell');
    }
    for (const pathname of [
      '/no-such-page',
      '/creations/a/b',
      '/reset-password',
      '/image-models/no-such',
      '/flows/a/b',
    ]) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy'), pathname).toContain(hash(shellScript));
      expect(await res.text(), pathname).toContain('Shell');
    }
    // Compressed as any page.
    const br = await get('/no-such-page', { 'Accept-Encoding': 'br' });
    expect(br.status).toBe(404);
  });

  it('sends a page its prerendered markup only for its address without a query, which the browser draws itself', async () => {
    const plain = await (await get('/credits')).text();
    expect(plain).toContain('<div id="root"><main><h1>Buy credits</h1></main></div>');
    for (const address of ['/credits?checkout=success&session_id=cs_1', '/credits?x=1']) {
      for (const encoding of [{}, { 'Accept-Encoding': 'br' }, { 'Accept-Encoding': 'gzip' }]) {
        const res = await get(address, encoding);
        const body = Buffer.from(await res.arrayBuffer());
        const enc = res.headers.get('Content-Encoding');
        const text = (
          enc === 'br' ? zlib.brotliDecompressSync(body) : enc === 'gzip' ? zlib.gunzipSync(body) : body
        ).toString();
        expect(text, address).toContain('<div id="root"></div>');
        expect(text, address).not.toContain('<h1>');
        // The same head: title and canonical link, APP_URL written.
        expect(text, address).toContain('<title>Buy credits</title>');
        expect(text, address).toContain(`href="${t.runtime.deps.config.appUrl}/credits"`);
      }
    }
    // The plain address still has its markup after a query variant was served.
    expect(await (await get('/credits')).text()).toContain('<h1>Buy credits</h1>');
  });

  it('writes APP_URL in place of the build token, in the plain and the compressed page', async () => {
    const appUrl = t.runtime.deps.config.appUrl;
    const plain = await get('/terms');
    expect(await plain.text()).toContain(`<link rel="canonical" href="${appUrl}/terms" />`);
    const br = await get('/terms', { 'Accept-Encoding': 'br' });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    const text = zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(text).toContain(`href="${appUrl}/terms"`);
    expect(text).not.toContain('__APP_URL__');
  });

  it('never serves a file outside dist/ or outside pages/ for an app path', async () => {
    for (const pathname of [
      '/..%2f..%2fatelier-outside',
      '/%2e%2e/%2e%2e/atelier-outside',
      '/pages/..%2f..%2fsecret.html',
      '/..%5c..%5catelier-outside',
      '/tools/%2e%2e/%2e%2e/secret.html',
      '/%00',
    ]) {
      const res = await get(pathname);
      const body = await res.text();
      expect(body, pathname).not.toContain('outside');
      expect(body, pathname).not.toContain('secret');
    }
    expect((await get('/..%2f..%2fatelier-outside.html')).status).toBe(404);
  });

  it('compresses text by Accept-Encoding (brotli first, gzip next) with Vary, and leaves small or binary files alone', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(bigScript);

    const gz = await get('/assets/style-def456.css', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('body{color:red}');

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(bigScript);

    expect((await get('/robots.txt', { 'accept-encoding': 'br' })).headers.get('content-encoding')).toBeNull();
    expect((await get('/favicon.ico', { 'accept-encoding': 'br' })).headers.get('content-encoding')).toBeNull();
  });

  it('caches hashed assets for a year and revalidates pages and other files', async () => {
    expect((await get('/assets/index-abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const pathname of ['/', '/settings', '/robots.txt', '/favicon.ico', '/no-such.js']) {
      expect((await get(pathname)).headers.get('cache-control'), pathname).toBe('no-cache');
    }
  });
});
