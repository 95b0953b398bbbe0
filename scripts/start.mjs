#!/usr/bin/env node
// `npm start`: builds the SPA when it is missing or older than its sources, then runs the API server,
// which serves dist/ and /api in one process on PORT (default 3000).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

const built = 'dist/index.html';
const sources = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/page-heads.ts',
  'scripts/prerender.ts',
].filter((p) => existsSync(p));
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
// With DIST_DIR the caller serves a build of its own.
if (stale && !process.env.DIST_DIR) {
  console.log('Building the app…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

// A new embedded database is copied from the migrated empty template (server/db/client.ts); `npm run build`
// makes it, and so does this when it is missing, once.
if (!process.env.DATABASE_URL && !existsSync(join(process.env.DATA_DIR ?? 'data', 'pglite', 'PG_VERSION'))) {
  const { register } = await import('tsx/esm/api');
  register();
  const { makeDatabaseTemplate } = await import('./db-template.ts');
  if (await makeDatabaseTemplate()) console.log('Made the database template (once).');
}
// The server runs as one plain-JavaScript bundle (scripts/build-server.mjs), rebuilt when its sources changed.
const { buildServer, serverBundle, serverBundleIsStale } = await import('./build-server.mjs');
if (serverBundleIsStale()) await buildServer();
await import(pathToFileURL(serverBundle).href);
