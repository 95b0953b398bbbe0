import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { root, zones } from './eslint/zones.js';
import { fileNames } from './eslint/file-names.js';
import { tokens } from './eslint/raw-sizes.js';

// Module-level mutable state, as far as a selector sees it: a `let` or `var`, a Map, Set, WeakMap or WeakSet
// made at module level, and an empty array or object literal (filled later). Exported or not, cast or not.
const moduleLevel = (init) =>
  ['Program', 'Program > ExportNamedDeclaration']
    .map((parent) => `${parent} > VariableDeclaration > VariableDeclarator > ${init}`)
    .join(', ');
const stateMessage =
  'No module-level mutable state: long-lived actors, the API client and the live channel belong to the root actor system (src/app/app.machine.ts).';
const collection = 'NewExpression[callee.name=/^(Map|Set|WeakMap|WeakSet|Array)$/]';
const noModuleState = [
  {
    selector:
      'Program > VariableDeclaration[kind=/^(let|var)$/], Program > ExportNamedDeclaration > VariableDeclaration[kind=/^(let|var)$/]',
    message: stateMessage,
  },
  {
    selector: [collection, `TSAsExpression > ${collection}`, `TSSatisfiesExpression > ${collection}`]
      .map((init) => moduleLevel(init))
      .join(', '),
    message: stateMessage,
  },
  {
    selector: ['ArrayExpression[elements.length=0]', 'ObjectExpression[properties.length=0]']
      .flatMap((init) => [init, `TSAsExpression > ${init}`])
      .map((init) => moduleLevel(init))
      .join(', '),
    message: stateMessage,
  },
];

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
    // One actor system: no actor, callback, cache or other mutable state held by a module (src and machines).
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noModuleState] },
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
