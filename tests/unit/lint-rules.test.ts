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
