import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import ProjectOrder from './tests/sequencer';

type ProjectTestConfig = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * Checks of the test tooling that start a whole second run of their own (a nested `npm run test:paths` with its
 * own build check, server and browser): scripts (`npm run test:paths:filtered`), not part of `npm test`.
 */
const ownRunChecks = ['tests/paths/filtered-run.test.ts'];

/** The unit suite's settings (its two projects differ only in isolation). */
const unit = {
  // No test may depend on another's order: each run shuffles them (npm test prints the seed).
  sequence: { shuffle: true },
  environment: 'jsdom' as const,
  include: ['tests/unit/**/*.test.{ts,tsx}'],
  setupFiles: ['tests/unit/setup.ts'],
  // The suites run side by side on two cores; a jsdom render of 60 themes can pass 5 s there.
  testTimeout: 20_000,
} satisfies ProjectTestConfig;
/** Unit files that put stand-ins in place of modules (vi.mock): isolated, so the stand-in reaches every importer. */
const unitStandIns = [
  'tests/unit/shell.test.tsx',
  'tests/unit/flows-page.test.tsx',
  'tests/unit/views/creations.test.tsx',
  'tests/unit/views/media-tools.test.tsx',
];

/** The server suite's settings (its two projects differ only in isolation). */
const server = {
  // No test may depend on another's order: each run shuffles them (npm test prints the seed).
  sequence: { shuffle: true },
  environment: 'node' as const,
  include: ['tests/server/**/*.test.ts'],
  globalSetup: ['tests/server/global-setup.ts'],
  setupFiles: ['tests/server/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} satisfies ProjectTestConfig;
/** Server files that put stand-ins in place of modules or the environment (vi.mock, vi.stubEnv): isolated. */
const moduleStandIns = ['tests/server/security-enumeration.test.ts', 'tests/server/storage-s3.test.ts'];

// One runner, four suites. Run one with `npx vitest run --project <name>`.
export default defineConfig({
  // vanilla-extract must be in the test config too, or styles cannot be assigned.
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    // Part of the suites' time is spent waiting on a browser or a server, so more files run at once
    // than there are cores (the default on two cores would be one at a time); five, each with its own
    // Chromium, overloaded two cores (load average above 20) until tests timed out.
    maxWorkers: 4,
    // The browser files first, then each project's files together, longest first (tests/sequencer.ts).
    sequence: { sequencer: ProjectOrder },
    projects: [
      {
        extends: true,
        test: {
          ...unit,
          name: 'unit',
          exclude: [...configDefaults.exclude, ...unitStandIns],
          // The files of a worker share one module graph (each file still gets a new jsdom window): a file no longer
          // imports React, the router and every view again, which was two thirds of the suite's time.
          isolate: false,
        },
      },
      { extends: true, test: { ...unit, name: 'unit-isolated', include: unitStandIns } },
      {
        extends: true,
        test: {
          name: 'flows',
          // Pure machines and their models: the files share one module graph per worker (no state of their own
          // survives a file), which saves each file importing every machine again.
          isolate: false,
          // No test may depend on another's order: each run shuffles them (npm test prints the seed).
          sequence: { shuffle: true },
          environment: 'node',
          include: ['tests/flows/**/*.test.ts'],
          // Laying out every machine with elkjs takes seconds on two busy cores.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          ...server,
          name: 'server',
          exclude: [...configDefaults.exclude, ...moduleStandIns],
          // The files of a worker share one module graph and one database (each test empties it first): a file
          // no longer imports the whole server and opens a database of its own, which was half the suite's time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...server, name: 'server-isolated', include: moduleStandIns },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts', 'tests/paths/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env['ATELIER_OWN_RUN_CHECKS'] ? [] : ownRunChecks)],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The files share one server and one Chromium (global-setup.ts) and run side by side, each in browser
          // contexts of its own and with users of its own.
          fileParallelism: true,
          // The files of a worker share one module graph (Playwright's client, the harness, the machines): each
          // file connects to the browser and opens its contexts in its own hooks, and keeps no state in a module.
          isolate: false,
          // Chromium shares two cores with the other suites: give a page time to get there.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
