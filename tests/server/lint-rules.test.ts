/**
 * The layer rules of eslint.config.js, proven on deliberate violations: each snippet is linted as if it
 * lived at the given path, with the project's own config.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((m) =>
      ['import-x/no-restricted-paths', 'no-restricted-imports', 'no-restricted-globals'].includes(m.ruleId ?? ''),
    )
    .map((m) => m.message);
}

describe('lint rules for the layers', () => {
  it('a route may not import another route', async () => {
    const messages = await restrictedImports(
      'server/routes/x.ts',
      `import { authRoutes } from './auth';\nimport { userRoutes } from '../routes/users';\nexport const x = [authRoutes, userRoutes];\n`,
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/never imports another route/);
  });

  it('a route may not reach db/schema', async () => {
    const messages = await restrictedImports(
      'server/routes/x.ts',
      `import { users } from '../db/schema';\nexport const x = users;\n`,
    );
    expect(messages).toEqual([expect.stringMatching(/through a service/)]);
  });

  it('a route that imports services, errors, validate and context passes', async () => {
    const code = `import { Hono } from 'hono';
import { ThemeBody } from '../../src/api/schemas';
import { tools } from '../../src/catalog';
import type { AppEnv } from '../context';
import { HttpError } from '../errors';
import { requireAuth } from '../middleware/require-auth';
import { getTheme } from '../services/users';
import { readBody } from '../validate';
export const x = [Hono, ThemeBody, tools, HttpError, requireAuth, getTheme, readBody] as const;
export type Env = AppEnv;
`;
    expect(await restrictedImports('server/routes/x.ts', code)).toEqual([]);
  });

  it('a service may not import a route or the middleware', async () => {
    const messages = await restrictedImports(
      'server/services/x.ts',
      `import { uploadRoutes } from '../routes/upload';\nimport { requireAuth } from '../middleware/require-auth';\nexport const x = [uploadRoutes, requireAuth];\n`,
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/never import the HTTP layer/);
  });

  it('a service may import other services and the db', async () => {
    const code = `import { users } from '../db/schema';\nimport { loadUser } from './auth';\nexport const x = [users, loadUser];\n`;
    expect(await restrictedImports('server/services/x.ts', code)).toEqual([]);
  });

  it('the server shares only src/catalog and src/api/schemas with the SPA', async () => {
    const bad = `import { themeClass } from '../src/themes/themes.css';\nexport const x = themeClass;\n`;
    expect(await restrictedImports('server/x.ts', bad)).toEqual([expect.stringMatching(/only src\/catalog/)]);
    // The import rules resolve what they check, so the imported file exists.
    expect(await restrictedImports('server/routes/x.ts', `import '../../src/features/auth/LoginPage';\n`)).toEqual([
      expect.stringMatching(/only src\/catalog/),
    ]);
    expect(await restrictedImports('server/services/x.ts', `import '../../src/catalog/plans';\n`)).toEqual([]);
    expect(await restrictedImports('server/providers/x.ts', `import '../../src/api/schemas';\n`)).toEqual([]);
    // The themes' data gives the pages the server writes the app's look.
    expect(await restrictedImports('server/lib/x.ts', `import '../../src/themes/presets';\n`)).toEqual([]);
  });

  it('machines stay framework-free', async () => {
    const messages = await restrictedImports(
      'src/flows/x/y.ts',
      `import { useState } from 'react';\nexport const x = () => [useState, fetch('/api')];\n`,
    );
    expect(messages).toHaveLength(2);
    expect(
      await restrictedImports('src/flows/x/y.ts', `import { setup } from 'xstate';\nexport const x = setup;\n`),
    ).toEqual([]);
  });
});

/** ARCHITECTURE.md's "Where code lives" table for the server (eslint/zones.js): a deliberate violation of each row. */
describe('the folder table: which server folder may import which', () => {
  const importOf = (source: string) => `import * as imported from '${source}';\nexport const x = imported;\n`;

  const refused: [file: string, source: string, expected: string][] = [
    ['server/routes/x.ts', './auth', 'A route never imports another route'],
    ['server/routes/x.ts', '../db/schema', 'through a service'],
    ['server/services/x.ts', '../middleware/require-auth', 'never import the HTTP layer'],
    ['server/routes/x.ts', '../providers/local', 'Routes are HTTP only'],
    ['server/routes/x.ts', '../db/client', 'Routes are HTTP only'],
    ['server/routes/x.ts', '../workers/pool', 'Routes are HTTP only'],
    ['server/middleware/x.ts', '../db/schema', 'Middleware and helpers reach the database'],
    ['server/lib/x.ts', '../routes/auth', 'Middleware and helpers reach the database'],
    ['server/providers/x.ts', '../services/auth', 'Providers import only server/workers'],
    ['server/providers/media/x.ts', '../../config', 'Providers import only server/workers'],
    ['server/workers/x.ts', '../services/storage', 'The worker pool imports only its own files'],
    ['server/payments/x.ts', '../services/credits', 'Payment back-ends import only server/lib'],
    ['server/db/x.ts', '../config', 'server/db (schema, migrations, connection) imports nothing else'],
    ['server/services/x.ts', '../../src/flows/auth/verify-email.machine', 'only src/catalog and src/api/schemas'],
    ['server/x.ts', '../tests/server/helpers', 'only src/catalog and src/api/schemas'],
  ];

  it.each(refused)('%s may not import %s', async (file, source, expected) => {
    expect(await restrictedImports(file, importOf(source))).toEqual([expect.stringContaining(expected)]);
  });

  it('every zone of the server has a deliberate violation above', async () => {
    const config = await eslint.calculateConfigForFile(path.join(root, 'server/x.ts'));
    const [, { zones }] = config.rules['import-x/no-restricted-paths'] as [
      unknown,
      { zones: { target: string | string[]; message: string }[] },
    ];
    const uncovered = zones
      .map((z) => ({ targets: [z.target].flat(), message: z.message }))
      .filter((z) => z.targets.some((target) => target.startsWith('server')))
      .filter(
        (z) =>
          !refused.some(
            ([file, , expected]) => z.message.includes(expected) && z.targets.some((target) => file.startsWith(target)),
          ),
      );
    expect(uncovered.map((z) => z.message)).toEqual([]);
  });

  it.each([
    ['server/providers/x.ts', ['../workers/pool', './types', '../../src/catalog']],
    ['server/workers/x.ts', ['./pool', '../providers/media/image']],
    ['server/payments/x.ts', ['../lib/dates', './types']],
    ['server/middleware/x.ts', ['../services/auth', '../context', '../errors', '../lib/client-address']],
    [
      'server/services/x.ts',
      ['../providers/types', '../workers/pool', '../payments/types', '../lib/dates', '../config'],
    ],
    ['server/app.ts', ['./routes/auth', './middleware/require-auth', './services/auth']],
  ])('%s may import what its row lists', async (file, sources) => {
    for (const source of sources) expect(await restrictedImports(file, importOf(source))).toEqual([]);
  });
});

/** The server keeps no state outside its container, and reads no setting outside server/config.ts. */
describe('no module-level state and no process.env in the server', () => {
  async function messages(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
    return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
  }
  const moduleState = { rule: 'no-restricted-syntax', message: expect.stringContaining('belong to the app instance') };
  const violations = [
    // What services/generation.ts, the worker pool and the session and balance caches used to hold.
    'const running = new Map<string, AbortController>();\nexport const stop = (id: string) => running.get(id)?.abort();\n',
    'let shared: object | undefined;\nexport const pool = () => (shared ??= {});\n',
    'const cache = new WeakMap<object, string>();\nexport const get = (k: object) => cache.get(k);\n',
    'const seen: string[] = [];\nexport const remember = (id: string) => seen.push(id);\n',
  ];

  it.each(['server/services/x.ts', 'server/workers/x.ts', 'server/x.ts', 'server/routes/x.ts'])(
    '%s: each kind of module state fails',
    async (file) => {
      for (const code of violations) expect(await messages(file, code), code).toContainEqual(moduleState);
    },
  );

  it('constant lookup tables (ReadonlySet, readonly arrays) and state inside a function pass', async () => {
    const clean = [
      "const terminal: ReadonlySet<string> = new Set(['succeeded', 'failed']);",
      "const kinds: readonly string[] = ['a', 'b'];",
      'export function createRuns() {',
      '  const runs = new Map<string, number>();',
      '  let count = 0;',
      '  return { add: (id: string) => runs.set(id, ++count), done: (s: string) => terminal.has(s) || kinds.includes(s) };',
      '}',
      '',
    ].join('\n');
    expect(await messages('server/services/x.ts', clean)).toEqual([]);
  });

  it('process.env is read only by server/config.ts', async () => {
    const code = "export const slow = Number(process.env['LOCAL_SLOW_MS'] ?? 0);\n";
    expect(await messages('server/providers/x.ts', code)).toEqual([
      { rule: 'no-restricted-properties', message: expect.stringContaining('parsed once in server/config.ts') },
    ]);
    expect(await messages('server/main.ts', 'export const dist = process.env.DIST_DIR;\n')).toHaveLength(1);
    expect(await messages('server/config.ts', "export const port = process.env['PORT'];\n")).toEqual([]);
  });
});
