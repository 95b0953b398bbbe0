import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { pageHeads } from './scripts/page-heads.ts';
import { precompress } from './scripts/precompress.ts';
import { bundledCoverage } from './scripts/bundled-coverage.ts';
import { bundledRequirements } from './scripts/bundled-requirements.ts';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  // The router plugin must run before react(), or the build fails.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    // dist/pages/<path>.html: each app path's own title, description, Open Graph tags and canonical link.
    pageHeads(),
    // .br and .gz beside each text file of dist/, served by Accept-Encoding (server/lib/static-files.ts).
    precompress(),
    // .cache/bundled-flows-coverage.json: the coverage report this build bundled for the flows viewer, for its test.
    bundledCoverage(),
    // virtual:atelier-requirements: the product rules and the tests citing them, for the flows viewer's rule pages.
    bundledRequirements(),
  ],
  // One build serves `npm start`, the e2e and the path suites: no test-only flag. Tests reach the app through
  // what the page reads before it starts (src/app/test-hooks.ts, src/app/dropped-events.ts).
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
      '/checkout': `http://127.0.0.1:${apiPort}`,
      '/files': `http://127.0.0.1:${apiPort}`,
    },
  },
  // The manifest lets scripts/size.mjs find the chunks the `/` route loads at once.
  build: {
    target: 'es2022',
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    // Every browser the app supports preloads modules itself; the polyfill cost the first load ~0.25 kB.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically goes in one chunk. Without it Rolldown splits each module that
    // the entry shares with a lazy chunk (the flows viewer imports the machine registry, which the session
    // shares) into a small chunk of its own, and the first load of / paid ~1.5 kB for the extra files.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
});
