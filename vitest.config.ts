import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import ProjectOrder from './tests/sequencer';
import { bundledRequirements } from './scripts/bundled-requirements.ts';

type ProjectTestConfig = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * Checks of the test tooling that start a whole second run of their own (a nested `npm run test:paths` with its
 * own build check, server and browser): scripts (`npm run test:paths:filtered`), not part of `npm test`.
 */
const ownRunChecks = ['tests/paths/filtered-run.test.ts'];

/**
 * A suite as two projects. `<name>`: the files of a worker share one module graph (`isolate: false`), so a file
 * does not import the suite's world again. `<name>-isolated`: the files that put stand-ins in place of modules or
 * the environment (vi.mock, vi.stubEnv), each in a graph of its own, so that the stand-in reaches every importer.
 */
function sharedAndIsolated(
  name: string,
  settings: ProjectTestConfig,
  standIns: string[],
): TestProjectInlineConfiguration[] {
  return [
    { extends: true, test: { ...settings, name, exclude: [...configDefaults.exclude, ...standIns], isolate: false } },
    { extends: true, test: { ...settings, name: `${name}-isolated`, include: standIns } },
  ];
}

/** The unit suite's settings (each file still gets a new jsdom window). */
const unit = {
  // No test may depend on another's order: each run shuffles them (npm test prints the seed).
  sequence: { shuffle: true },
  environment: 'jsdom' as const,
  include: ['tests/unit/**/*.test.{ts,tsx}'],
  setupFiles: ['tests/unit/setup.ts'],
  // The suites run side by side on two cores; a jsdom render of 60 themes can pass 5 s there.
  testTimeout: 20_000,
} satisfies ProjectTestConfig;
/** Unit files that put stand-ins in place of modules (vi.mock). */
const unitStandIns = [
  'tests/unit/shell.test.tsx',
  'tests/unit/flows-page.test.tsx',
  'tests/unit/views/creations.test.tsx',
  'tests/unit/views/collections.test.tsx',
  'tests/unit/views/refine.test.tsx',
  'tests/unit/views/media-tools.test.tsx',
];

/** The server suite's settings (a worker's files also share one database, which each test empties first). */
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
/** Server files that put stand-ins in place of modules or the environment (vi.mock, vi.stubEnv). */
const serverStandIns = ['tests/server/security-enumeration.test.ts', 'tests/server/storage-s3.test.ts'];

/**
 * The walks of every machine's planned paths through the app (tests/paths/*.paths.test.ts, the `paths` project):
 * `npm run test:paths`, which CI runs after `npm test`, not part of `npm test` itself.
 */
const pathWalks = ['tests/paths/*.paths.test.ts'];

/** Settings of the two browser projects: they share one server and one Chromium (tests/e2e/global-setup.ts). */
const browser = {
  environment: 'node' as const,
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
} satisfies ProjectTestConfig;

/** `e2e`: the end-to-end tests and the path harness's own checks; `paths`: the path walks (pathWalks). */
function browserSuites(): TestProjectInlineConfiguration[] {
  return [
    {
      extends: true,
      test: {
        ...browser,
        name: 'e2e',
        include: ['tests/e2e/**/*.test.ts', 'tests/paths/**/*.test.ts'],
        exclude: [
          ...configDefaults.exclude,
          ...pathWalks,
          ...(process.env['ATELIER_OWN_RUN_CHECKS'] ? [] : ownRunChecks),
        ],
      },
    },
    { extends: true, test: { ...browser, name: 'paths', include: pathWalks } },
  ];
}

// One runner, five suites (`npm test` runs all but the path walks). Run one with `npx vitest run --project <name>`.
export default defineConfig({
  // vanilla-extract must be in the test config too, or styles cannot be assigned; the flows viewer's pages
  // import the bundled product rules.
  plugins: [react(), vanillaExtractPlugin(), bundledRequirements()],
  test: {
    // More files at once than there are cores (the default on two cores would be one at a time): a browser
    // file waits on Chromium and the server between its steps. Four keep two cores busy; eight browser files
    // took no less time than four (the cores were saturated).
    maxWorkers: 4,
    // The browser files first, then each project's files together, longest first (tests/sequencer.ts).
    sequence: { sequencer: ProjectOrder },
    projects: [
      // Importing React, the router and every view again per file was two thirds of the unit suite's time.
      ...sharedAndIsolated('unit', unit, unitStandIns),
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
      // Importing the whole server and opening a database of its own per file was half the server suite's time.
      ...sharedAndIsolated('server', server, serverStandIns),
      // The browser suites: the end-to-end tests (with the path harness's own checks), and the path walks.
      ...browserSuites(),
    ],
  },
});
