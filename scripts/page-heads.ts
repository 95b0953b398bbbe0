/**
 * A Vite plugin that writes dist/pages/<path>.html for every app path of src/app/page-heads.ts: the built
 * index.html with that page's <title>, description, Open Graph tags and canonical link, so the HTML the
 * server sends (server/lib/static-files.ts prefers these files) names the page before any script runs.
 * Absolute addresses are written as `__APP_URL__` + path; the server puts APP_URL there when it serves
 * the page, so one build serves any origin. The dev server uses relative addresses instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { prerenderPages } from './prerender.ts';

export const appUrlToken = '__APP_URL__';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Head {
  readonly title: string;
  readonly description: string;
  readonly canonical: string;
}

/** index.html with one page's head: title, description and og text replaced, og:url and canonical added. */
export function withHead(html: string, head: Head): string {
  const t = escapeHtml(head.title);
  const d = escapeHtml(head.description);
  const url = escapeHtml(appUrlToken + head.canonical);
  // A function replacer: a `$` in a title or description is text, not a replacement pattern.
  const replace = (from: RegExp, to: string | ((found: string) => string)) => {
    if (!from.test(html)) throw new Error(`index.html lacks ${from}`);
    html = html.replace(from, typeof to === 'string' ? () => to : to);
  };
  replace(/<title>[^<]*<\/title>/, `<title>${t}</title>`);
  replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/>/, `<meta name="description" content="${d}" />`);
  replace(/<meta\s+property="og:title"\s+content="[^"]*"\s*\/>/, `<meta property="og:title" content="${t}" />`);
  replace(
    /<meta\s+property="og:description"\s+content="[^"]*"\s*\/>/,
    `<meta property="og:description" content="${d}" />`,
  );
  replace(
    /<meta\s+property="og:image"\s+content="[^"]*"\s*\/>/,
    (found) => `${found}\n    <meta property="og:url" content="${url}" />\n    <link rel="canonical" href="${url}" />`,
  );
  return html;
}

/** The file of an app path under dist/pages: / → index.html, /image-models → image-models.html. */
export function pageFile(pagesDir: string, appPath: string): string {
  return appPath === '/' ? path.join(pagesDir, 'index.html') : path.join(pagesDir, `${appPath.slice(1)}.html`);
}

/** The app's route paths as the router declares them in src/routeTree.gen.ts: /creations/$id, /flows/{-$machine}. */
export function routePaths(routeTreeSource: string): string[] {
  return [...new Set([...routeTreeSource.matchAll(/fullPath: '([^']+)'/g)].map((m) => m[1]!))];
}

export async function loadPageHeads(): Promise<{
  pageHeads: ReadonlyMap<string, Head>;
  prerenderedPaths: readonly string[];
}> {
  // tsx loads the app's TypeScript whatever loader runs this config (Vite bundles its config; node may not).
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport('../src/app/page-heads.ts', import.meta.url)) as {
    pageHeads: ReadonlyMap<string, Head>;
    prerenderedPaths: readonly string[];
  };
}

export function pageHeads(): Plugin {
  let outDir = 'dist';
  let config: ResolvedConfig | undefined;
  return {
    name: 'atelier-page-heads',
    // The prerender's server build (scripts/prerender.ts) writes no pages of its own.
    apply: (_config, env) => !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    // The dev server has no APP_URL to write: relative addresses resolve against the page.
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return ctx.server ? html.replaceAll(appUrlToken, '') : html;
      },
    },
    // writeBundle runs before closeBundle, where precompress() compresses what is in dist/, pages included.
    async writeBundle() {
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const pagesDir = path.join(outDir, 'pages');
      fs.rmSync(pagesDir, { recursive: true, force: true });
      const { pageHeads: heads, prerenderedPaths } = await loadPageHeads();
      const prerendered = new Map<string, string>();
      for (const [appPath, head] of heads) {
        const file = pageFile(pagesDir, appPath);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, withHead(html, head));
        if (prerenderedPaths.includes(appPath)) prerendered.set(appPath, file);
      }
      // The routes, so the server answers an address the app has no page for with 404 (server/lib/app-routes.ts).
      const routes = routePaths(
        fs.readFileSync(path.join(config?.root ?? process.cwd(), 'src', 'routeTree.gen.ts'), 'utf8'),
      );
      if (routes.length === 0) throw new Error('src/routeTree.gen.ts lists no routes');
      fs.writeFileSync(path.join(pagesDir, 'routes.json'), JSON.stringify(routes));
      // The public pages' markup, so their first paint needs no script (scripts/prerender.ts).
      if (config) await prerenderPages(config, prerendered);
    },
  };
}
