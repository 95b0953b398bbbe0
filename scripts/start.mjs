#!/usr/bin/env node
// Serves the built SPA with a history fallback. The server work replaces this body with the API server.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });

const port = Number(process.env.PORT ?? 3000);
const app = new Hono();
app.use('*', serveStatic({ root: './dist' }));
app.get('*', serveStatic({ path: './dist/index.html' }));

serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Atelier is running at http://localhost:${info.port}`);
});
