#!/usr/bin/env node
// First-load bundle size of `/`: builds, then sums the gzip size of what the browser must fetch before
// the home page can render: the entry script, its modulepreloads and stylesheets (from dist/index.html),
// plus the lazily split `/` route chunk and its static imports (from the Vite manifest), which the router
// requests at once. Exits 1 above the budget written in README.md.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const match = readme.match(/First-load JS budget:\s*([\d.]+)\s*kB gzip/);
if (!match) {
  console.error('README.md has no "First-load JS budget: N kB gzip" line');
  process.exit(2);
}
const budgetKb = Number(match[1]);

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
const js = new Set();
const css = new Set();
for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
  if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) js.add(attr(tag, 'src'));
  if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload') js.add(attr(tag, 'href'));
  if (tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet') css.add(attr(tag, 'href'));
}

// The `/` route component is split out by autoCodeSplitting but fetched on first render.
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const eager = Object.keys(manifest).filter((k) => k.startsWith('src/routes/index.tsx'));
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) return;
  const file = `/${chunk.file}`;
  if (js.has(file) && key !== eager[0]) return;
  js.add(file);
  for (const c of chunk.css ?? []) css.add(`/${c}`);
  for (const dep of chunk.imports ?? []) if (!js.has(`/${manifest[dep]?.file}`)) visit(dep);
};
eager.forEach(visit);

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const report = (label, files) => {
  let total = 0;
  for (const f of [...files].sort()) {
    const size = gz(f);
    total += size;
    console.log(`  ${(size / 1000).toFixed(2).padStart(7)} kB  ${f}`);
  }
  console.log(`${label}: ${(total / 1000).toFixed(1)} kB gzip`);
  return total;
};

console.log('First-load JS of /');
const jsTotal = report('JS total', js);
console.log('First-load CSS of /');
report('CSS total', css);
console.log(`Budget: ${budgetKb} kB gzip JS`);
if (jsTotal / 1000 > budgetKb) {
  console.error(`Over budget by ${(jsTotal / 1000 - budgetKb).toFixed(1)} kB`);
  process.exit(1);
}
console.log('Within budget');
