// The server as one ES module (.cache/server/main.mjs) so that `npm start` runs plain JavaScript: under
// tsx every start paid for its loader thread and source maps (about a second of a restart). Packages
// stay imports (node_modules), our TypeScript is bundled, and each file's `import.meta.url` keeps
// pointing at its source file, so paths beside it (migrations, the worker entry, dist/) still resolve.
// Built by `npm run build`, and by `npm start` when server/ or the shared src/ parts changed.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBundle = path.join(root, '.cache', 'server', 'main.mjs');
const sources = ['server', 'src/catalog', 'src/api', 'scripts/build-server.mjs', 'package-lock.json'];

function newest(p) {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), st.mtimeMs);
}

/** True when the bundle is missing or older than a source it is built from. */
export function serverBundleIsStale() {
  if (!existsSync(serverBundle)) return true;
  const built = statSync(serverBundle).mtimeMs;
  return sources.some((s) => existsSync(path.join(root, s)) && newest(path.join(root, s)) > built);
}

const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(serverBundle), args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: args.path.endsWith('ts') ? 'ts' : 'js',
      };
    });
  },
};

export async function buildServer() {
  // Built beside its place, then moved there: a second start building at the same time cannot mix the two.
  const dir = path.dirname(serverBundle);
  const building = `${dir}-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outdir: building,
    outExtension: { '.js': '.mjs' },
    // Lazily imported parts (the Stripe and S3 adapters and their SDKs) stay in chunks of their own.
    splitting: true,
    // Beside main.mjs: the rewritten import.meta.url paths are relative to this one directory.
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [keepImportMetaUrl],
  });
  try {
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(serverBundle)) throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Built the server: ${path.relative(root, serverBundle)}`);
}
