/** `tsx server/main.ts`: one process serving the SPA and /api on PORT. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createRuntime } from './bootstrap';
import { loadConfig } from './config';

const config = loadConfig();
const runtime = await createRuntime(config, {
  distDir: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
});
const app = createApp(runtime.deps);
runtime.startTimers();
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  console.log(`Atelier is running at http://localhost:${info.port}`);
});

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  server.close();
  void runtime.close().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
