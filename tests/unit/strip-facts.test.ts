import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { blank, factsCalls } from '../../scripts/strip-facts';

describe("a production build's machines without their view-only meta (scripts/strip-facts.ts)", () => {
  it('replaces each outermost facts(...) call with undefined and leaves the rest', () => {
    const code = [
      "import { facts } from '../shared/meta';",
      "const m = { id: 'm', meta: facts({ sends: ['a'] }), states: {",
      "  idle: { description: 'Idle', meta: facts({ ignores: [{ events: ['a'], why: facts('x') }] }), on: { b: 'idle' } },",
      '} };',
      'export { m };',
    ].join('\n');
    const out = blank(code, factsCalls(parseAst(code)));
    expect(out).toContain('meta: undefined, states: {');
    expect(out).toContain("idle: { description: 'Idle', meta: undefined, on: { b: 'idle' } }");
    expect(out).not.toContain('facts(');
  });

  it('leaves a module without facts alone', () => {
    const code = 'const a = { meta: { keep: true } };\nexport { a };';
    expect(factsCalls(parseAst(code))).toEqual([]);
  });
});
