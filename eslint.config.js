import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { tokens } from './eslint/raw-sizes.js';

// Server layers (design.md §2, style.md "Server layers"): routes (HTTP only) → services → db.
const serverOnlySharedSrc = {
  regex: String.raw`^(\.\./)+src/(?!catalog(/|$)|api/schemas$)`,
  message: 'The server shares only src/catalog and src/api/schemas with the SPA.',
};
const noRoutes = {
  regex: String.raw`(^|/)(routes|middleware)(/|$)`,
  message: 'Services hold the rules and never import the HTTP layer (routes, middleware).',
};
const noSiblingRoute = {
  regex: String.raw`^\./|(^|/)routes(/|$)`,
  message: 'A route never imports another route: move what they share into server/services.',
};
const noSchemaInRoutes = {
  regex: String.raw`(^|/)db/schema$`,
  message: 'Routes reach the database through a service, never through db/schema.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e',
      '.cache',
      'flows-export',
      'test-results',
      'coverage',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Machines are framework-free: no React, no DOM effects, no fetch.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', '@tanstack/*', 'ofetch', '*/src/features/*'] },
      ],
      'no-restricted-globals': ['error', 'fetch', 'document', 'window', 'localStorage'],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnlySharedSrc] }] },
  },
  {
    // One rule object per file: a later 'no-restricted-imports' replaces an earlier one, so each repeats the src rule.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverOnlySharedSrc, noSiblingRoute, noSchemaInRoutes] }],
    },
  },
  {
    files: ['server/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnlySharedSrc, noRoutes] }] },
  },
  {
    // Views send events and read actors; the API is reached only through the effects in src/app.
    // The schemas' types (src/api/schemas.ts) are the shared contract and stay importable.
    files: ['src/features/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/client', '**/api/client.ts', '**/api/endpoints', '**/api/endpoints.ts'],
              message: 'Views do not call the API: name an effect beside the root actor (src/app) and send an event.',
            },
          ],
        },
      ],
    },
  },
  {
    // One actor system: no actor, callback or other mutable state held by a module.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Program > VariableDeclaration[kind='let'], Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
          message:
            'No module-level mutable state: long-lived actors belong to the root actor (src/app/app.machine.ts).',
        },
      ],
    },
  },
  {
    // Design tokens: a feature's gaps, paddings, margins and font sizes come from the theme scales.
    files: ['src/features/**/*.css.ts'],
    plugins: { tokens },
    rules: { 'tokens/no-raw-sizes': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
