/**
 * The view-only meta of the machines (`meta: facts({...})`: what a state shows, the events it ignores
 * on purpose, what the app sends; src/flows/shared/meta.ts) stays out of the pages' first load: in a
 * production build each `facts(...)` call of a src/flows/ module becomes `undefined`. The flows viewer
 * (src/features/flows, a lazy route) reads them in full: a src/flows module it imports, and every
 * src/flows/ module such a module imports, resolves to a variant id with `?facts` that keeps them
 * (a copy in the viewer's own chunk).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

const QUERY = '?facts';
const FLOWS = path.join('src', 'flows');

interface Node {
  type: string;
  start: number;
  end: number;
  callee?: { type: string; name?: string };
  [key: string]: unknown;
}

/** The [start, end) ranges of the `facts(...)` calls of a program (outermost only). */
export function factsCalls(program: unknown): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const node = value as Node;
    if (
      node.type === 'CallExpression' &&
      node.callee?.type === 'Identifier' &&
      node.callee.name === 'facts' &&
      typeof node.start === 'number'
    ) {
      out.push([node.start, node.end]);
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'parent') visit(child);
  };
  visit(program);
  return out;
}

/** Replaces each range of `code` with `undefined`. */
export function blank(code: string, ranges: Array<[number, number]>): string {
  let out = code;
  for (const [start, end] of [...ranges].sort((a, b) => b[0] - a[0]))
    out = `${out.slice(0, start)}undefined${out.slice(end)}`;
  return out;
}

/** Two plugins: the variant ids resolve before Vite's own resolver ('pre'), the calls go after the TypeScript transform ('post'). */
export function stripFacts(): Plugin[] {
  let root = process.cwd();
  const clean = (id: string) => id.split('?')[0]!;
  const inside = (id: string, dir: string) => clean(id).startsWith(path.join(root, dir) + path.sep);
  return [
    {
      name: 'atelier:facts-variant',
      apply: 'build',
      enforce: 'pre',
      configResolved(config) {
        root = config.root;
      },
      async resolveId(source, importer, resolveOptions) {
        if (!importer) return null;
        if (!importer.endsWith(QUERY) && !inside(importer, path.join('src', 'features', 'flows'))) return null;
        const resolved = await this.resolve(source, clean(importer), { ...resolveOptions, skipSelf: true });
        if (!resolved || resolved.external || !inside(resolved.id, FLOWS) || resolved.id.includes('?')) return null;
        return `${resolved.id}${QUERY}`;
      },
    },
    {
      name: 'atelier:strip-facts',
      apply: 'build',
      enforce: 'post',
      transform(code, id) {
        if (id.endsWith(QUERY) || !inside(id, FLOWS) || !code.includes('facts(')) return null;
        const ranges = factsCalls(this.parse(code));
        return ranges.length ? { code: blank(code, ranges), map: null } : null;
      },
    },
  ];
}
