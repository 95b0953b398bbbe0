import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// One runner, four suites. Run one with `npx vitest run --project <name>`.
export default defineConfig({
  // vanilla-extract must be in the test config too, or styles cannot be assigned.
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    // Part of the suites' time is spent waiting on a browser or a server, so more files run at once
    // than there are cores (the default on two cores would be one at a time); five, each with its own
    // Chromium, overloaded two cores (load average above 20) until tests timed out.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // No test may depend on another's order: each run shuffles them (npm test prints the seed).
          sequence: { shuffle: true },
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // The suites run side by side on two cores; a jsdom render of 60 themes can pass 5 s there.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'flows',
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
          name: 'server',
          // No test may depend on another's order: each run shuffles them (npm test prints the seed).
          sequence: { shuffle: true },
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts', 'tests/paths/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The files share one server and run side by side (each has its own browser and users).
          fileParallelism: true,
          // Chromium shares two cores with the other suites: give a page time to get there.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
