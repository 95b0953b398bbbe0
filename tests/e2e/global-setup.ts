import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { pathOptions, reportDir } from '../paths/options';
import { launchChromiumServer } from '../chromium';
import { root, startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The suite's one Chromium (its files connect to it: browser.ts setupBrowser). */
    browserWsEndpoint: string;
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The one production build (`vite build`), the same `npm start` serves; `npm test` builds it before the suites. */
const distDir = join(root, 'dist');

function distIsStale(): boolean {
  const built = join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'tools')),
    newestMtime(join(root, 'public')),
    statSync(join(root, 'index.html')).mtimeMs,
    statSync(join(root, 'vite.config.ts')).mtimeMs,
    statSync(join(root, 'scripts', 'page-heads.ts')).mtimeMs,
    statSync(join(root, 'scripts', 'prerender.ts')).mtimeMs,
  );
  return sources > statSync(built).mtimeMs;
}

export default async function setup(project: TestProject) {
  const paths = pathOptions();
  // The path files add their results to their run's report (tests/paths/report-writer.ts writeReport), and
  // their screenshots of failed steps: start empty, so its paths.json, paths.html and screenshots tell this
  // run only (a filtered run leaves coverage/paths and coverage/screenshots alone).
  rmSync(join(root, reportDir(paths), 'paths'), { recursive: true, force: true });
  rmSync(join(root, reportDir(paths), 'screenshots'), { recursive: true, force: true });
  // A run against a deployment (PATHS_BASE_URL) walks that one: no build, no server of its own.
  if (paths.baseUrl) {
    const chromium = await launchChromiumServer();
    project.provide('browserWsEndpoint', chromium.wsEndpoint());
    project.provide('baseUrl', paths.baseUrl);
    return () => chromium.close();
  }
  // vitest runs with NODE_ENV=test, which would make Vite emit React's development build.
  if (distIsStale()) {
    execFileSync('npx', ['vite', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const [server, chromium] = await Promise.all([startServer(), launchChromiumServer()]);
  project.provide('baseUrl', server.baseUrl);
  project.provide('browserWsEndpoint', chromium.wsEndpoint());
  return async () => {
    await server.stop();
    await chromium.close();
  };
}
