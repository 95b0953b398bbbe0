import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { pageHeads } from './scripts/page-heads.ts';
import { precompress } from './scripts/precompress.ts';
import { stripFacts } from './scripts/strip-facts.ts';

const apiPort = process.env.PORT ?? '3000';
// The end-to-end build reports events an actor drops (src/app/dropped-events.ts) to the test harness;
// it is built into its own folder (dist-e2e), so `npm start` never serves it.
const e2eBuild = process.env.ATELIER_E2E_BUILD === '1';

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
    // The machines' view-only meta (facts) only in the flows viewer's chunk, and everywhere in the e2e build.
    stripFacts({ keep: e2eBuild }),
  ],
  // __TEST_DELAYS__: path tests may shorten named delays per page (src/app/test-delays.ts);
  // __TEST_COVERAGE__: a test may give the flows viewer a coverage report of its own (src/features/flows/coverage.ts).
  define: {
    __REPORT_DROPPED_EVENTS__: JSON.stringify(e2eBuild),
    __TEST_DELAYS__: JSON.stringify(e2eBuild),
    __TEST_COVERAGE__: JSON.stringify(e2eBuild),
  },
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
    outDir: e2eBuild ? 'dist-e2e' : 'dist',
    sourcemap: false,
    manifest: true,
    // Everything the entry imports statically goes in one chunk. Without it Rolldown splits each module that
    // the entry shares with a lazy chunk (the flows viewer imports the machine registry, which the session
    // shares) into a small chunk of its own, and the first load of / paid ~1.5 kB for the extra files.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
});
