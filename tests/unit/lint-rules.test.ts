// @vitest-environment node
/**
 * The lint rules that hold the shape of the client (ARCHITECTURE.md): each fails on a deliberate
 * violation and passes the clean form of the same code.
 */
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
      for (const source of ['../../api/client', '../../api/endpoints']) {
        const messages = await lint(`import { api } from '${source}';\nexport const x = api;\n`, filePath);
        expect(messages).toContainEqual({
          rule: 'no-restricted-imports',
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
    expect(messages.map((m) => m.rule)).toEqual(['no-restricted-imports', 'no-restricted-globals']);
  });
});

describe('no module-level mutable state in src/ and machines/', () => {
  const files = ['src/app/cache.ts', 'src/features/x/store.ts', 'machines/x/y.machine.ts'];
  const violations = [
    'const runs = new Map<string, number>();\nexport const remember = (id: string) => runs.set(id, 1);\n',
    'export const seen = new Set<string>();\n',
    'const owners = new WeakMap<object, string>();\nexport const ownerOf = (o: object) => owners.get(o);\n',
    'export const listeners = new WeakSet<object>();\n',
    'const queue = new Map() as Map<string, string>;\nexport const take = (k: string) => queue.get(k);\n',
    'const events: string[] = [];\nexport const log = (e: string) => events.push(e);\n',
    'export const cache: Record<string, number> = {};\n',
    'let current = 0;\nexport const next = () => (current += 1);\n',
    'export var flag = false;\n',
  ];

  it.each(files)('%s: each kind of module state fails', async (filePath) => {
    for (const code of violations) {
      expect(await lint(code, filePath), code).toContainEqual({
        rule: 'no-restricted-syntax',
        message: expect.stringContaining('No module-level mutable state'),
      });
    }
  });

  it.each(files)('%s: constants at module level and state inside functions pass', async (filePath) => {
    const clean = [
      "export const paths: readonly string[] = ['/a', '/b'];",
      "export const labels = { a: 'A' } as const;",
      'export function tally(items: string[]) {',
      '  const seen = new Set<string>();',
      '  const counts = new Map<string, number>();',
      '  const order: string[] = [];',
      '  let total = 0;',
      '  for (const item of items) {',
      '    if (!seen.has(item)) order.push(item);',
      '    seen.add(item);',
      '    counts.set(item, (counts.get(item) ?? 0) + 1);',
      '    total += 1;',
      '  }',
      '  return { order, counts, total };',
      '}',
      '',
    ].join('\n');
    expect(await lint(clean, filePath)).toEqual([]);
  });
});
