#!/usr/bin/env node
// First-load bundle size: builds, then sums the gzip size of what the browser must fetch before a page can
// render: the entry script, its modulepreloads and stylesheets (from dist/index.html), plus the page's lazily
// split route chunk and its static imports (from the Vite manifest), which the router requests at once.
// Measured for `/`, `/all-tools` and a tool page; exits 1 when `/` is above the budget written in README.md
// (the other two are printed beside it: the tool page adds its own form on top of the shared first load).
// Each first-load chunk is then listed by what it holds, by package and by app folder: the build's module
// info (each module's rendered length in its chunk, rolldown's RenderedModule) shares out the chunk's gzip.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const modulesFile = join(dist, '.vite', 'chunk-modules.json');

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const match = readme.match(/First-load JS budget:\s*([\d.]+)\s*kB gzip/);
if (!match) {
  console.error('README.md has no "First-load JS budget: N kB gzip" line');
  process.exit(2);
}
const budgetKb = Number(match[1]);

/** Records each chunk's modules and their rendered lengths beside the manifest. */
const chunkModules = () => ({
  name: 'atelier-chunk-modules',
  apply: 'build',
  writeBundle(options, bundle) {
    const chunks = {};
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue;
      chunks[out.fileName] = Object.fromEntries(Object.entries(out.modules).map(([id, m]) => [id, m.renderedLength]));
    }
    const file = join(options.dir ?? dist, '.vite', 'chunk-modules.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(chunks));
  },
});

if (!process.argv.includes('--no-build')) {
  // React's production build, as `vite build` gives it.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  // The build's own timing report is not part of the sizes.
  await build({
    root,
    logLevel: 'error',
    plugins: [chunkModules()],
    build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  });
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
const entryJs = new Set();
const entryCss = new Set();
for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
  if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) entryJs.add(attr(tag, 'src'));
  if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload') entryJs.add(attr(tag, 'href'));
  if (tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet') entryCss.add(attr(tag, 'href'));
}

// Each route component is split out by autoCodeSplitting and fetched on the page's first render.
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
function firstLoad(routeFile) {
  const js = new Set(entryJs);
  const css = new Set(entryCss);
  const visit = (key, own) => {
    const chunk = manifest[key];
    if (!chunk) return;
    const file = `/${chunk.file}`;
    if (js.has(file) && !own) return;
    js.add(file);
    for (const c of chunk.css ?? []) css.add(`/${c}`);
    for (const dep of chunk.imports ?? []) visit(dep, false);
  };
  for (const key of Object.keys(manifest).filter((k) => k.startsWith(routeFile))) visit(key, true);
  return { js, css };
}

const gzipOf = new Map();
const gz = (file) => {
  if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipOf.get(file);
};
const kb = (bytes) => `${(bytes / 1000).toFixed(2).padStart(7)} kB`;
const report = (label, files) => {
  let total = 0;
  for (const f of [...files].sort()) {
    const size = gz(f);
    total += size;
    console.log(`  ${kb(size)}  ${f}`);
  }
  console.log(`${label}: ${(total / 1000).toFixed(1)} kB gzip (${total} bytes)`);
  return total;
};

const pages = [
  ['/', 'src/routes/index.tsx'],
  ['/all-tools', 'src/routes/all-tools.tsx'],
  ['/image-models/text-to-image', 'src/routes/image-models/text-to-image.tsx'],
];
const totals = [];
const allJs = new Set();
for (const [path, routeFile] of pages) {
  const { js, css } = firstLoad(routeFile);
  console.log(`First-load JS of ${path}`);
  totals.push([path, report('JS total', js)]);
  console.log(`First-load CSS of ${path}`);
  report('CSS total', css);
  for (const f of js) allJs.add(f);
}

/** A module's package (node_modules/@scope/name or name) or its app folder (up to three levels). */
function ownerOf(id) {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const at = clean.lastIndexOf('node_modules/');
  if (at >= 0) {
    const [first, second] = clean.slice(at + 'node_modules/'.length).split('/');
    return { kind: 'package', name: first.startsWith('@') ? `${first}/${second}` : first };
  }
  if (!clean.startsWith(root)) return { kind: 'folder', name: '(bundler runtime)' };
  return { kind: 'folder', name: dirname(relative(root, clean)).split('/').slice(0, 3).join('/') };
}

if (existsSync(modulesFile)) {
  const modules = JSON.parse(readFileSync(modulesFile, 'utf8'));
  const overall = { package: new Map(), folder: new Map() };
  const add = (map, name, bytes) => map.set(name, (map.get(name) ?? 0) + bytes);
  const list = (heading, map) => {
    const rows = [...map].sort((a, b) => b[1] - a[1]);
    if (rows.length === 0) return;
    const shown = rows.filter(([, bytes]) => bytes >= 100);
    const rest = rows.slice(shown.length).reduce((sum, [, bytes]) => sum + bytes, 0);
    console.log(`    ${heading}`);
    for (const [name, bytes] of shown) console.log(`      ${kb(bytes)}  ${name}`);
    if (rest > 0) console.log(`      ${kb(rest)}  (${rows.length - shown.length} more under 0.1 kB)`);
  };
  console.log('\nWhat each first-load chunk holds (its gzip shared out by rendered length):');
  for (const file of [...allJs].sort()) {
    const chunk = modules[file.slice(1)];
    if (!chunk) continue;
    const rendered = Object.values(chunk).reduce((a, b) => a + b, 0) || 1;
    const scale = gz(file) / rendered;
    const byKind = { package: new Map(), folder: new Map() };
    for (const [id, length] of Object.entries(chunk)) {
      const { kind, name } = ownerOf(id);
      add(byKind[kind], name, length * scale);
      add(overall[kind], name, length * scale);
    }
    console.log(`  ${kb(gz(file))}  ${file}`);
    list('by package', byKind.package);
    list('by app folder', byKind.folder);
  }
  console.log('\nAll first-load chunks of the pages above together:');
  list('by package', overall.package);
  list('by app folder', overall.folder);
} else {
  console.log('\n(No module info: run without --no-build to list what each chunk holds.)');
}

console.log(`\nBudget: ${budgetKb} kB gzip JS for the first load of /`);
for (const [path, total] of totals) console.log(`  ${path}: ${(total / 1000).toFixed(1)} kB`);
const home = totals[0][1] / 1000;
if (home > budgetKb) {
  console.error(`Over budget by ${(home - budgetKb).toFixed(1)} kB`);
  process.exit(1);
}
console.log('Within budget');
