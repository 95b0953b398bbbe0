/**
 * The flows viewer bundles the latest transition coverage (coverage/flows.json, src/features/flows/coverage.ts)
 * when the build runs; the path tests write that file again later. This plugin keeps a copy of what the build
 * bundled outside dist/ (.cache/bundled-flows-coverage.json, none when nothing was bundled), so
 * tests/e2e/flows.test.ts compares the overlay with what the page really holds.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const BUNDLED_COVERAGE = path.join('.cache', 'bundled-flows-coverage.json');

export function bundledCoverage(): Plugin {
  let root = process.cwd();
  let serverBuild = false;
  return {
    name: 'atelier:bundled-coverage',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      serverBuild = Boolean(config.build.ssr);
    },
    // Only the client build (the prerender's server build bundles no viewer).
    writeBundle() {
      if (serverBuild) return;
      const source = path.join(root, 'coverage', 'flows.json');
      const copy = path.join(root, BUNDLED_COVERAGE);
      rmSync(copy, { force: true });
      if (!existsSync(source)) return;
      mkdirSync(path.dirname(copy), { recursive: true });
      copyFileSync(source, copy);
    },
  };
}
