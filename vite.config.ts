import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  // The router plugin must run before react(), or the build fails (design.md).
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
  ],
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
      '/checkout': `http://127.0.0.1:${apiPort}`,
      '/files': `http://127.0.0.1:${apiPort}`,
    },
  },
  // The manifest lets scripts/size.mjs find the chunks the `/` route loads at once.
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
