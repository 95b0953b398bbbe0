import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { root, zones } from './eslint/zones.js';
import { fileNames } from './eslint/file-names.js';

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
    // Machines are framework-free: no DOM effects, no fetch (what they may import: eslint/zones.js).
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'fetch', 'document', 'window', 'localStorage'],
    },
  },
  {
    // ARCHITECTURE.md's "Where code lives" table: which folder may import which (eslint/zones.js).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    // One file-name convention per kind of file (ARCHITECTURE.md, "File names"; eslint/file-names.js).
    files: ['{src,machines,server,tests,scripts,eslint}/**/*.{ts,tsx,js,mjs}'],
    plugins: { atelier: fileNames },
    rules: { 'atelier/file-names': ['error', { root }] },
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
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
