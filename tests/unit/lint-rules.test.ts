// @vitest-environment node
/**
 * The lint rules that hold the shape of the client (ARCHITECTURE.md): each fails on a deliberate
 * violation and passes the clean form of the same code.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function lint(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('lint rules of the client', () => {
  it.each(['src/features/x/Y.tsx', 'src/routes/y.tsx', 'src/components/ui/z/z.tsx'])(
    'a view (%s) may not import the API client or the endpoints',
    async (filePath) => {
      // The import rules resolve what they check: each path is written from the file's own folder.
      for (const module of ['src/api/client', 'src/api/endpoints']) {
        const source = path.posix.relative(path.posix.dirname(filePath), module);
        const messages = await lint(`import { api } from '${source}';\nexport const x = api;\n`, filePath);
        expect(messages).toContainEqual({
          rule: 'import-x/no-restricted-paths',
          message: expect.stringContaining('Views do not call the API'),
        });
      }
    },
    30_000,
  );

  it('a view may import the schemas (the shared contract) and src/app', async () => {
    const code = [
      "import type { User } from '../../api/schemas';",
      "import { useSession } from '../../app/provider';",
      'export function useUser(): User | null {',
      '  return useSession().getSnapshot().context.user;',
      '}',
      '',
    ].join('\n');
    expect(await lint(code, 'src/features/x/Y.tsx')).toEqual([]);
  });

  it('src/app may import the endpoints (the effects live there)', async () => {
    const code = "import { endpoints } from '../api/endpoints';\nexport const getUser = () => endpoints.getUser();\n";
    expect(await lint(code, 'src/app/effects-example.ts')).toEqual([]);
  });

  it.each(['src/app/session-hooks.ts', 'src/features/x/store.ts'])(
    'no module-level let in src (%s): an actor or callback held by a module',
    async (filePath) => {
      const violating =
        'let session: unknown = null;\nexport function bind(s: unknown) {\n  session = s;\n}\nexport const get = () => session;\n';
      expect(await lint(violating, filePath)).toContainEqual({
        rule: 'no-restricted-syntax',
        message: expect.stringContaining('No module-level mutable state'),
      });
      expect(await lint('export let navigate = () => {};\n', filePath)).toContainEqual(
        expect.objectContaining({ rule: 'no-restricted-syntax' }),
      );
      // A let inside a function is fine.
      expect(await lint('export function count() {\n  let n = 0;\n  n += 1;\n  return n;\n}\n', filePath)).toEqual([]);
    },
  );

  it('machines stay framework-free: no React, no DOM globals', async () => {
    const messages = await lint(
      "import { useState } from 'react';\nexport const x = useState;\nexport const y = () => window.location.href;\n",
      'machines/x/y.machine.ts',
    );
    expect(messages.map((m) => m.rule)).toEqual(['import-x/no-restricted-paths', 'no-restricted-globals']);
  });
});

/** ARCHITECTURE.md's "Where code lives" table for the client (eslint/zones.js): a deliberate violation of each row. */
describe('the folder table: which client folder may import which', () => {
  const zone = 'import-x/no-restricted-paths';
  async function zoneMessages(filePath: string, source: string) {
    const messages = await lint(`import * as imported from '${source}';\nexport const x = imported;\n`, filePath);
    return messages.filter((m) => m.rule === zone).map((m) => m.message);
  }

  it.each([
    ['machines/auth/x.machine.ts', '../../src/app/provider', 'Machines are framework-free'],
    ['machines/auth/x.machine.ts', 'react', 'Machines are framework-free'],
    ['machines/auth/x.machine.ts', '../../tests/unit/setup', 'Machines are framework-free'],
    [
      'machines/tools/x.ts',
      '../auth/verify-email.machine',
      'A machine area (machines/tools) imports only its own files',
    ],
    ['src/features/tools/X.tsx', '../account/format', 'never imports another: move what both use'],
    ['src/features/x/Y.tsx', '../../routes/login', 'route files and the entries import them'],
    ['src/features/x/Y.tsx', '../../main', 'route files and the entries import them'],
    ['src/routes/y.tsx', '../../machines/auth/verify-email.machine', 'Route files stay thin'],
    ['src/components/ui/z/z.tsx', '../../../app/provider', 'Shared view parts import only'],
    ['src/components/ui/z/z.tsx', '../../../features/account/format', 'Shared view parts import only'],
    ['src/components/ui/z/z.tsx', '../../../api/endpoints', 'Views do not call the API'],
    ['src/api/x.ts', '../app/provider', 'src/api is the contract and the HTTP client'],
    ['src/catalog/x.ts', '../themes/names', 'src/catalog is typed data'],
    ['src/catalog/x.ts', '../api/schemas', 'src/catalog is typed data'],
    ['src/themes/x.ts', '../catalog/plans', 'src/themes (the theme contract, presets and names) imports nothing'],
    ['src/app/x.ts', '../../server/config', 'The client never imports the server'],
    ['src/main.tsx', '../tests/unit/setup', 'The client never imports the server, the tests or the scripts'],
  ])('%s may not import %s', async (filePath, source, expected) => {
    expect(await zoneMessages(filePath, source)).toEqual([expect.stringContaining(expected)]);
  });

  it.each([
    [
      'machines/auth/x.machine.ts',
      ['xstate', '../shared/errors', '../../src/catalog', '../../src/api/schemas', '../../src/themes/names'],
    ],
    [
      'src/features/account/X.tsx',
      ['./format', '../../app/provider', '../../components/ui/form/fields', '../../catalog/plans', '../../api/schemas'],
    ],
    [
      'src/features/account/X.tsx',
      ['../../themes/contract.css', '../../../machines/auth/verify-email.machine', 'react'],
    ],
    ['src/routes/x.tsx', ['../app/provider', '../features/auth/LoginPage', '../catalog', '@tanstack/react-router']],
    ['src/components/ui/z/z.tsx', ['../../../themes/contract.css', '../../../api/schemas', '../form/fields']],
    ['src/app/x.ts', ['../api/endpoints', '../../machines/session/session.machine', '../features/account/format']],
    ['src/api/x.ts', ['./schemas', '../themes/names', 'valibot']],
  ])('%s may import what its row lists', async (filePath, sources) => {
    for (const source of sources) expect(await zoneMessages(filePath, source)).toEqual([]);
  });
});
