/**
 * Prerendering of the public pages (src/app/page-heads.ts `prerenderedPaths`), run by the page-heads plugin
 * once the client build is written: a server build of src/prerender.tsx with the same Vite config (so
 * class names and defines match the client's), then each page's markup written into #root of its
 * dist/pages/<path>.html, with modulepreload links for its route chunks so the browser fetches them
 * beside the entry instead of after it. The browser hydrates that markup (src/main.tsx).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResolvedConfig } from 'vite';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface PrerenderedPage {
  html: string;
  routeIds: string[];
  failed: boolean;
}

const rootMarkup = '<div id="root"></div>';

/** The manifest keys of a route's code: its file and the chunks autoCodeSplitting split from it. */
function routeChunkKeys(manifest: Manifest, routeId: string): string[] {
  if (routeId === '__root__') return [];
  const base = routeId === '/' ? 'src/routes/index' : `src/routes${routeId.replace(/\/$/, '/index')}`;
  const files = [`${base}.tsx`, `${base}/index.tsx`, `${base}/route.tsx`];
  return Object.keys(manifest).filter((key) => files.some((file) => key === file || key.startsWith(`${file}?`)));
}

/**
 * The static chunks a page's routes need and their stylesheets, entry chunks excluded (index.html loads
 * those already). The stylesheets must be in the head: the prerendered markup is drawn before any script.
 */
function assetsOf(manifest: Manifest, routeIds: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  for (const id of routeIds) routeChunkKeys(manifest, id).forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

const modulePreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A prerendered page is drawn before any script; the entry module would still run (a long task: every
 * module's top level, the actor system, the router) before the browser's first layout and paint, since
 * module scripts run as soon as the document is parsed. So the page starts the entry from a frame callback's
 * next task: after the first paint. The modulepreloads wait for that too (the start adds them, so the
 * entry and its route chunks are still fetched side by side): in the head, their fetch and compile competed with
 * the first paint on a slow CPU. A hidden tab has no frames and starts at once.
 */
export function startAfterFirstPaint(html: string): string {
  const src = entryScript.exec(html)?.[1];
  if (!src) throw new Error('prerender: the page has no entry module script');
  const files = [src, ...[...html.matchAll(modulePreload)].map((m) => m[1]!).filter((file) => file !== src)];
  const loader =
    `<script type="module">const start = () => { for (const href of ${JSON.stringify(files)}) ` +
    `document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", crossOrigin: "", href })); ` +
    `import(${JSON.stringify(src)}); }; ` +
    `document.hidden ? start() : requestAnimationFrame(() => setTimeout(start, 0));</script>`;
  return html.replace(modulePreload, '').replace(entryScript, () => loader);
}

export async function prerenderPages(config: ResolvedConfig, pages: ReadonlyMap<string, string>): Promise<void> {
  const { build } = await import('vite');
  const outDir = path.resolve(config.root, config.build.outDir);
  const serverDir = path.resolve(config.root, '.cache/prerender', path.basename(outDir));
  await build({
    configFile: config.configFile ?? false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      // The client's chunk grouping is for browsers; the server build keeps Rolldown's defaults.
      rolldownOptions: { output: { codeSplitting: true } },
    },
  });
  const entry = pathToFileURL(path.join(serverDir, 'prerender.js')).href;
  const { prerender } = (await import(`${entry}?t=${Date.now()}`)) as {
    prerender: (path: string) => Promise<PrerenderedPage>;
  };
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const base = config.base.endsWith('/') ? config.base : `${config.base}/`;
  for (const [appPath, file] of pages) {
    const page = await prerender(appPath);
    if (page.failed) throw new Error(`prerender: ${appPath} did not render its page`);
    const html = fs.readFileSync(file, 'utf8');
    if (!html.includes(rootMarkup)) throw new Error(`prerender: ${file} lacks ${rootMarkup}`);
    // React puts the resource hints of what it rendered (image preloads) first in its markup; they belong
    // in the head, beside the route chunks' modulepreloads.
    const hints = /^(?:<link [^>]*>)*/.exec(page.html)?.[0] ?? '';
    const markup = page.html.slice(hints.length);
    const assets = assetsOf(manifest, page.routeIds);
    const linked = (file: string) => html.includes(`"${base}${file}"`);
    const preloads = [
      ...assets.styles
        .filter((file) => !linked(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
      ...assets.scripts
        .filter((file) => !linked(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
      ...(hints.match(/<link [^>]*>/g) ?? []),
    ]
      .map((tag) => `    ${tag}\n`)
      .join('');
    fs.writeFileSync(
      file,
      startAfterFirstPaint(
        html
          .replace(rootMarkup, () => `<div id="root">${markup}</div>`)
          .replace('  </head>', () => `${preloads}  </head>`),
      ),
    );
  }
}
