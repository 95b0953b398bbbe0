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
// A collection declared ReadonlySet or ReadonlyMap (a constant lookup table) is not state.
const moduleLevel = (init, declarator = 'VariableDeclarator') =>
  ['Program', 'Program > ExportNamedDeclaration']
    .map((parent) => `${parent} > VariableDeclaration > ${declarator} > ${init}`)
    .join(', ');
const notReadonly = 'VariableDeclarator:not([id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly(Set|Map)$/])';
const collection = 'NewExpression[callee.name=/^(Map|Set|WeakMap|WeakSet|Array)$/]';
const noModuleState = (message) => [
  {
    selector:
      'Program > VariableDeclaration[kind=/^(let|var)$/], Program > ExportNamedDeclaration > VariableDeclaration[kind=/^(let|var)$/]',
    message,
  },
  {
    selector: [collection, `TSAsExpression > ${collection}`, `TSSatisfiesExpression > ${collection}`]
      .map((init) => moduleLevel(init, notReadonly))
      .join(', '),
    message,
  },
  {
    selector: ['ArrayExpression[elements.length=0]', 'ObjectExpression[properties.length=0]']
      .flatMap((init) => [init, `TSAsExpression > ${init}`])
      .map((init) => moduleLevel(init))
      .join(', '),
    message,
  },
];
const clientStateMessage =
  'No module-level mutable state: long-lived actors, the API client and the live channel belong to the root actor system (src/app/app.machine.ts).';
const serverStateMessage =
  'No module-level mutable state in the server: runs in flight, caches, prepared queries and the worker pool belong to the app instance (AppDeps in server/context.ts, made by server/bootstrap.ts).';

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
    rules: { 'no-restricted-syntax': ['error', ...noModuleState(clientStateMessage)] },
  },
  {
    // One container per app instance: two instances in one process share nothing they were not handed.
    // The CPU tasks (server/providers/media) run inside the pool's threads: what they keep (the ffmpeg path,
    // a tesseract worker) lives and dies with its thread, which the instance's pool owns.
    files: ['server/**/*.{ts,mjs}'],
    ignores: ['server/providers/media/**'],
    rules: { 'no-restricted-syntax': ['error', ...noModuleState(serverStateMessage)] },
  },
  {
    // Every setting is parsed once, by server/config.ts, and handed down through the container (deps.config).
    files: ['server/**/*.{ts,mjs}'],
    ignores: ['server/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Settings are parsed once in server/config.ts (the Env schema) and reach the code as deps.config.',
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
