/**
 * `tsx server/main.ts`: one process on HOST:PORT (loopback by default). ROLE=all (the default) serves the SPA
 * and /api and takes jobs; ROLE=web serves and sends jobs only; ROLE=worker takes jobs and answers /api/health.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, healthOf } from './app';
import { createRuntime } from './bootstrap';
import { loadConfig, networkSafetyProblem, type Config } from './config';

/** The settings, or one readable line (no stack, naming the setting to change) and exit code 1. */
function configOrExit(): Config {
  try {
    const config = loadConfig();
    const problem = networkSafetyProblem(config);
    if (problem) throw new Error(problem);
    return config;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const runtime = await createRuntime(config, {
    // DIST_DIR (config.distDir): another build to serve (default: dist/ beside server/).
    distDir: config.distDir ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
  });
  const app =
    config.role === 'worker'
      ? new Hono().get('/api/health', (c) => c.json(healthOf(runtime.deps)))
      : createApp(runtime.deps);
  if (config.role !== 'web') await runtime.startSchedules();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const shown = info.address.includes(':') ? `[${info.address}]` : info.address;
    const name = shown === '127.0.0.1' ? 'localhost' : shown;
    const what = config.role === 'worker' ? 'worker (health' : config.role === 'web' ? 'web (no jobs' : '';
    console.log(`Atelier ${what ? `${what} at ` : 'is running at '}http://${name}:${info.port}${what ? ')' : ''}`);
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
}

await main();
