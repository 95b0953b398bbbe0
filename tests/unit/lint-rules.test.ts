// @vitest-environment node
/**
 * The lint rules that hold the shape of the client (ARCHITECTURE.md): each fails on a deliberate
 * violation and passes the clean form of the same code.
 */
import { readdirSync } from 'node:fs';
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

  it('machines stay framework-free: no React, no DOM globals (the pure files of src/flows)', async () => {
    const messages = await lint(
      "import { useState } from 'react';\nexport const x = useState;\nexport const y = () => window.location.href;\n",
      'src/flows/x/y.ts',
    );
    expect(messages.map((m) => m.rule)).toEqual(['import-x/no-restricted-paths', 'no-restricted-globals']);
  });
});

/** One case per area of a folder (not src/flows/shared): a file of the area imports a file of the next area. */
function otherAreaImports(folder: string, file: string): [string, string, string][] {
  const areas = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
    .map((entry) => entry.name);
  return areas.map((area, i) => {
    const other = areas[(i + 1) % areas.length]!;
    const module = readdirSync(path.join(folder, other)).find(
      (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'),
    )!;
    return [`${folder}/${area}/${file}`, `../${other}/${module.replace(/\.tsx?$/, '')}`, `(${folder}/${area})`];
  });
}

/** The folder table's zones as the config gives them for a file (their targets as a list). */
async function zonesOf(filePath: string) {
  const config = await eslint.calculateConfigForFile(filePath);
  const [, { zones }] = config.rules['import-x/no-restricted-paths'] as [
    unknown,
    { zones: { target: string | string[]; message: string }[] },
  ];
  return zones.map((z) => ({ targets: [z.target].flat(), message: z.message }));
}

/** ARCHITECTURE.md's "Where code lives" table for the client (eslint/zones.js): a deliberate violation of each row. */
describe('the folder table: which client folder may import which', () => {
  const zone = 'import-x/no-restricted-paths';
  async function zoneMessages(filePath: string, source: string) {
    const messages = await lint(`import * as imported from '${source}';\nexport const x = imported;\n`, filePath);
    return messages.filter((m) => m.rule === zone).map((m) => m.message);
  }

  const refused: [file: string, source: string, expected: string][] = [
    ['src/flows/auth/x.machine.ts', '../../app/provider', 'Machines are framework-free'],
    ['src/flows/auth/x.machine.ts', 'react', 'Machines are framework-free'],
    ['src/flows/auth/x.selectors.ts', '../../api/endpoints', 'Machines are framework-free'],
    ['src/flows/auth/x.machine.ts', '../../features/account/format', 'Machines are framework-free'],
    [
      'src/flows/tools/x.ts',
      '../auth/verify-email.machine',
      'A machine area (src/flows/tools) imports only its own files',
    ],
    ['src/flows/auth/auth.effects.ts', '../../app/provider', "A flow's real effects (x.effects.ts) import"],
    ['src/flows/auth/auth.effects.ts', '../../features/account/format', "A flow's real effects (x.effects.ts) import"],
    ['src/flows/auth/auth.examples.ts', '../../api/endpoints', "A flow's examples (x.examples.ts) are data"],
    ['src/features/tools/X.tsx', '../account/format', 'never imports another: move what both use'],
    ['src/features/x/Y.tsx', '../../routes/login', 'route files and the entries import them'],
    ['src/features/x/Y.tsx', '../../main', 'route files and the entries import them'],
    ['src/routes/y.tsx', '../flows/auth/verify-email.machine', 'Route files stay thin'],
    ['src/components/ui/z/z.tsx', '../../../app/provider', 'Shared view parts import only'],
    ['src/components/ui/z/z.tsx', '../../../features/account/format', 'Shared view parts import only'],
    ['src/components/ui/z/z.tsx', '../../../api/endpoints', 'Views do not call the API'],
    ['src/api/x.ts', '../app/provider', 'src/api is the contract and the HTTP client'],
    ['src/catalog/x.ts', '../themes/names', 'src/catalog is typed data'],
    ['src/catalog/x.ts', '../api/schemas', 'src/catalog is typed data'],
    ['src/themes/x.ts', '../catalog/plans', 'src/themes (the theme contract, presets and names) imports nothing'],
    ['src/app/x.ts', '../../server/config', 'The client never imports the server'],
    [
      'src/main.tsx',
      '../tests/unit/setup',
      'The client never imports the server, the tests, the scripts or the tooling',
    ],
    [
      'src/app/x.ts',
      '../../tools/flows/graph',
      'The client never imports the server, the tests, the scripts or the tooling',
    ],
    ['src/features/account/X.tsx', '../../../tools/flows/graph', 'Only the flows viewer (src/features/flows)'],
    ['tools/flows/x.ts', '../../src/app/provider', 'The flows tooling (tools/flows) imports only itself'],
    ...otherAreaImports('src/flows', 'x.ts'),
    ...otherAreaImports('src/features', 'X.tsx'),
  ];

  it.each(refused)('%s may not import %s', async (filePath, source, expected) => {
    expect(await zoneMessages(filePath, source)).toEqual([expect.stringContaining(expected)]);
  });

  it('every zone of the client has a deliberate violation above', async () => {
    const uncovered = (await zonesOf('src/app/x.ts'))
      .filter((z) => z.targets.some((target) => /^src\b/.test(target)))
      .filter(
        (z) =>
          !refused.some(
            ([file, , expected]) =>
              z.message.includes(expected) && z.targets.some((target) => file.startsWith(target.replace(/\*.*$/, ''))),
          ),
      );
    expect(uncovered.map((z) => z.message)).toEqual([]);
  });

  it.each([
    [
      'src/flows/auth/x.machine.ts',
      ['xstate', '../shared/errors', '../../catalog', '../../api/schemas', '../../themes/names'],
    ],
    [
      'src/flows/auth/auth.effects.ts',
      ['xstate', './x.machine', '../session/session.effects', '../../api/endpoints', '../../catalog'],
    ],
    ['src/flows/auth/auth.examples.ts', ['./x.machine', '../../catalog', '../../api/schemas']],
    [
      'src/features/account/X.tsx',
      ['./format', '../../app/provider', '../../components/ui/form/fields', '../../catalog/plans', '../../api/schemas'],
    ],
    ['src/features/account/X.tsx', ['../../themes/contract.css', '../../flows/auth/verify-email.machine', 'react']],
    ['src/routes/x.tsx', ['../app/provider', '../features/auth/LoginPage', '../catalog', '@tanstack/react-router']],
    ['src/components/ui/z/z.tsx', ['../../../themes/contract.css', '../../../api/schemas', '../form/fields']],
    ['src/app/x.ts', ['../api/endpoints', '../flows/session/session.machine', '../features/account/format']],
    ['src/api/x.ts', ['./schemas', '../themes/names', 'valibot']],
    ['src/features/flows/X.tsx', ['../../../tools/flows/graph', '../../../tools/flows/documents']],
    ['tools/flows/x.ts', ['./graph', '../../src/flows/shared/meta', 'xstate', '@xstate/graph']],
  ])('%s may import what its row lists', async (filePath, sources) => {
    for (const source of sources) expect(await zoneMessages(filePath, source)).toEqual([]);
  });
});

/** ARCHITECTURE.md's "File names": one convention per kind of file (eslint/file-names.js). */
describe('file names: one convention per kind of file', () => {
  const rule = 'atelier/file-names';
  async function nameMessages(filePath: string, code = 'export const x = 1;\n') {
    return (await lint(code, filePath)).filter((m) => m.rule === rule).map((m) => m.message);
  }
  const machine = "import { setup } from 'xstate';\nexport const xMachine = setup({}).createMachine({ id: 'x' });\n";
  const tests = "import { it } from 'vitest';\nit('works', () => {});\n";

  it.each([
    ['src/features/account/settingsPage.tsx', 'a view in src/features is a PascalCase `.tsx`'],
    ['src/features/account/Settings-Page.tsx', 'a view in src/features is a PascalCase `.tsx`'],
    ['src/features/account/FormatDate.ts', 'kebab-case'],
    ['src/features/account/Missing.css.ts', 'styles are `X.css.ts` beside the view `X.tsx`'],
    ['src/features/account/settings.css.ts', 'or `account.css.ts` when the folder'],
    ['src/components/ui/dialog/Dialog.tsx', 'kebab-case'],
    ['src/components/ui/dialog/Other.css.ts', 'styles are `X.css.ts` beside the view'],
    ['src/app/tokenStorage.ts', 'kebab-case'],
    ['src/app/Token_Storage/x.ts', "folder 'Token_Storage' is not kebab-case"],
    ['src/routes/LoginPage.tsx', 'a route file is a TanStack file route'],
    ['src/routes/login.ts', 'a route file is a TanStack file route'],
    ['src/routes/verify-email/$Token.tsx', 'a route file is a TanStack file route'],
    ['src/flows/auth/verify-email.helpers.ts', 'a file in src/flows is `x.machine.ts`'],
    ['src/flows/auth/verifyEmail.ts', 'kebab-case'],
    ['server/services/mailQueue.ts', 'kebab-case'],
    ['server/routes/Auth.ts', 'kebab-case'],
    ['tests/unit/Helpers.ts', 'kebab-case'],
  ])('%s is refused', async (filePath, expected) => {
    expect(await nameMessages(filePath)).toEqual([expect.stringContaining(expected)]);
  });

  it('a machine lives in an x.machine.ts, and an x.machine.ts holds a machine', async () => {
    expect(await nameMessages('src/flows/auth/verify-email.ts', machine)).toEqual([
      expect.stringContaining('a file that creates a machine is named `x.machine.ts`'),
    ]);
    expect(await nameMessages('src/app/root.ts', machine)).toEqual([expect.stringContaining('`x.machine.ts`')]);
    expect(await nameMessages('src/flows/auth/errors.machine.ts')).toEqual([
      expect.stringContaining('an `x.machine.ts` creates a machine'),
    ]);
    expect(await nameMessages('src/flows/auth/verify-email.machine.ts', machine)).toEqual([]);
  });

  it('a file that declares tests is an x.test.ts(x)', async () => {
    for (const code of [tests, "import { describe } from 'vitest';\ndescribe('x', () => {});\n"]) {
      expect(await nameMessages('tests/unit/checks.ts', code)).toEqual([
        expect.stringContaining('a file that declares tests'),
      ]);
    }
    expect(
      await nameMessages('tests/unit/checks.ts', "import { it } from 'vitest';\nit.each([1])('x %s', () => {});\n"),
    ).toEqual([expect.stringContaining('a file that declares tests')]);
    expect(await nameMessages('tests/unit/checks.test.tsx', tests)).toEqual([]);
    expect(await nameMessages('tests/flows/tools/calls.cases.ts', tests)).toEqual([]);
    // A helper that declares tests when called is not a test file.
    const helper = "import { it } from 'vitest';\nexport function suite() {\n  it('x', () => {});\n}\n";
    expect(await nameMessages('tests/paths/suite.ts', helper)).toEqual([]);
  });

  it.each([
    'src/features/account/SettingsPage.tsx',
    'src/features/account/format.ts',
    'src/features/auth/LoginPage.css.ts',
    'src/features/auth/auth.css.ts',
    'src/components/ui/dialog/dialog.tsx',
    'src/components/ui/form/form.css.ts',
    'src/app/token-storage.ts',
    'src/routes/__root.tsx',
    'src/routes/index.tsx',
    'src/routes/image-models/text-to-image.tsx',
    'src/routes/verify-email/$token.tsx',
    'src/routes/flows/{-$machine}.tsx',
    'src/flows/session/session.types.ts',
    'src/flows/session/session.effects.ts',
    'src/flows/session/session.examples.ts',
    'src/flows/creations/creations.selectors.ts',
    'src/flows/shared/errors.ts',
    'server/providers/media/espeak-ng.d.ts',
    'server/services/mail-queue.ts',
    'tests/flows/models/auth.models.ts',
    'tests/paths/adapters/session.paths.ts',
    'scripts/build-server.mjs',
  ])('%s follows its convention', async (filePath) => {
    expect(await nameMessages(filePath)).toEqual([]);
  });
});

describe('no module-level mutable state in src/', () => {
  const files = ['src/app/cache.ts', 'src/features/x/store.ts', 'src/flows/x/helpers.ts'];
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

describe('design tokens in feature styles', () => {
  const file = 'src/features/x/x.css.ts';
  const header = "import { style } from '@vanilla-extract/css';\nimport { vars } from '../../themes/contract.css';\n";
  const rawSize = { rule: 'tokens/no-raw-sizes', message: expect.stringContaining('use the theme scale') };

  it.each([
    ['a number for gap', 'gap: 12'],
    ['a px string for padding', "padding: '10px 14px'"],
    ['a px string beside a token', 'padding: `${vars.space.sm} 14px`'],
    ['a negative number for a margin side', 'marginLeft: -5'],
    ['a rem string for marginTop', "marginTop: '1.5rem'"],
    ['a number for fontSize', 'fontSize: 15'],
    ['a clamp of px for fontSize', "fontSize: 'clamp(16px, 2vw, 20px)'"],
    ['a number for columnGap', 'columnGap: 8'],
  ])('refuses %s', async (_label, property) => {
    const messages = await lint(`${header}export const x = style({ ${property} });\n`, file);
    expect(messages).toContainEqual(rawSize);
  });

  it('refuses a raw size inside selectors and media queries', async () => {
    const code = `${header}export const x = style({ '@media': { 'screen and (max-width: 480px)': { padding: 16 } }, selectors: { '&:hover': { gap: 4 } } });\n`;
    expect((await lint(code, file)).filter((m) => m.rule === 'tokens/no-raw-sizes')).toHaveLength(2);
  });

  it('passes tokens, zero, keywords and raw sizes of other properties', async () => {
    const code = [
      header.trimEnd(),
      'export const x = style({',
      '  gap: vars.space.md,',
      '  padding: `${vars.space.xs} ${vars.space.lg}`,',
      "  margin: '0 auto',",
      '  marginTop: 0,',
      "  paddingLeft: '0px',",
      '  fontSize: vars.fontSize.sm,',
      '  width: 240,',
      "  maxHeight: '560px',",
      '});',
      '',
    ].join('\n');
    expect(await lint(code, file)).toEqual([]);
  });

  it('holds only in feature styles (a shared component or a feature view may set raw sizes)', async () => {
    const code = "import { style } from '@vanilla-extract/css';\nexport const x = style({ gap: 12 });\n";
    expect(await lint(code, 'src/components/ui/x/x.css.ts')).toEqual([]);
    expect(await lint('export const style = { gap: 12 };\n', 'src/features/x/X.tsx')).toEqual([]);
  });
});
