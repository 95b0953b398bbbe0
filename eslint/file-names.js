/**
 * One file-name convention per kind of file (ARCHITECTURE.md, "File names"), as a local ESLint rule:
 * `atelier/file-names` reports a file whose name (or folder) does not follow its kind's convention.
 *
 * - everywhere: folders and names are kebab-case; dotted suffixes name the kind (`session.machine.ts`,
 *   `auth.models.ts`, `session.paths.test.ts`, `media.d.ts`)
 * - src/flows: `x.machine.ts` (a machine), `x.types.ts` (its types), `x.effects.ts` (its real effects),
 *   `x.selectors.ts`, `x.examples.ts` (its one examples file) or a kebab-case helper `x.ts`
 * - src/: a file that creates a machine (`createMachine(…)`) is `x.machine.ts`, and an
 *   `x.machine.ts` creates one
 * - src/features: a view is PascalCase `.tsx` (`SettingsPage.tsx`), a helper kebab-case `.ts`
 * - src/components: kebab-case `.tsx`, named after what it wraps (`dialog/dialog.tsx`)
 * - src/features and src/components: styles are `X.css.ts` beside `X.tsx`, or named after their folder
 *   when the folder's views share them (`auth/auth.css.ts`)
 * - src/routes: TanStack file routes: `__root.tsx`, `index.tsx`, kebab-case, `$param`, `{-$param}`
 * - tests/: a file that declares tests (`describe`, `it`, `test` at its top level) is `x.test.ts(x)`, or
 *   `x.cases.ts` when it is a part that a test file imports (a long suite split by subject)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const pascal = /^[A-Z][A-Za-z0-9]*$/;
const routeSegment = /^(?:__root|index|[a-z0-9]+(?:-[a-z0-9]+)*|\$[a-z][a-zA-Z0-9]*|\{-\$[a-z][a-zA-Z0-9]*\})$/;
const testCallees = new Set(['describe', 'it', 'test']);
/** The kinds of file of a flow's folder (src/flows/<area>/). */
const flowKinds = new Set(['machine', 'types', 'effects', 'selectors', 'examples']);

/** `src/features/auth/LoginPage.css.ts` → { folders, base: 'LoginPage', suffixes: ['css'], ext: 'ts' } */
function partsOf(relativePath) {
  const segments = relativePath.split('/');
  const file = segments.pop();
  const [base, ...rest] = file.split('.');
  const ext = rest.pop() ?? '';
  return { folders: segments, base, suffixes: rest, ext };
}

const isKebabName = ({ base, suffixes }) => kebab.test(base) && suffixes.every((s) => kebab.test(s));

/** What is wrong with a file's name, or null: the conventions that need no look at the code. */
function nameProblem(relativePath, root) {
  const parts = partsOf(relativePath);
  const { folders, base, suffixes, ext } = parts;
  const [top, second] = folders;
  const inRoutes = top === 'src' && second === 'routes';

  const badFolder = folders.find((folder, i) =>
    inRoutes && i > 1 ? !routeSegment.test(folder) || folder === '__root' || folder === 'index' : !kebab.test(folder),
  );
  if (badFolder) return `folder '${badFolder}' is not kebab-case`;

  if (inRoutes) {
    return ext === 'tsx' && suffixes.length === 0 && routeSegment.test(base)
      ? null
      : 'a route file is a TanStack file route: `__root.tsx`, `index.tsx`, `kebab-case.tsx`, `$param.tsx` or `{-$param}.tsx`';
  }

  const inViews = top === 'src' && (second === 'features' || second === 'components');
  if (inViews && suffixes.length === 1 && suffixes[0] === 'css' && ext === 'ts') {
    const folder = path.join(root, ...folders);
    const besideView = existsSync(path.join(folder, `${base}.tsx`));
    return besideView || base === folders.at(-1)
      ? null
      : `styles are \`X.css.ts\` beside the view \`X.tsx\` they style, or \`${folders.at(-1)}.css.ts\` when the folder's views share them`;
  }
  if (top === 'src' && second === 'features' && ext === 'tsx') {
    return pascal.test(base) && suffixes.length === 0
      ? null
      : 'a view in src/features is a PascalCase `.tsx` named after its component (`SettingsPage.tsx`)';
  }
  if (top === 'src' && second === 'flows' && !suffixes.every((suffix) => flowKinds.has(suffix))) {
    return 'a file in src/flows is `x.machine.ts` (a machine), `x.types.ts` (its types), `x.effects.ts` (its real effects), `x.selectors.ts`, `x.examples.ts` or a kebab-case helper `x.ts`';
  }
  return isKebabName(parts)
    ? null
    : 'file names are kebab-case, with a dotted suffix for their kind (`session.machine.ts`)';
}

const rule = {
  meta: {
    type: 'suggestion',
    docs: { description: "One file-name convention per kind of file (ARCHITECTURE.md, 'File names')." },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      name: '{{file}}: {{problem}}. Rename it (git mv) and its imports.',
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const relativePath = path.relative(root, context.physicalFilename).split(path.sep).join('/');
    if (relativePath.startsWith('..')) return {};
    const { suffixes } = partsOf(relativePath);
    const [top] = relativePath.split('/');
    const isMachineFile = suffixes.at(-1) === 'machine';
    const checksMachines = top === 'src';
    let createsMachine = false;
    let declaresTests = false;

    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') {
          if (callee.property.name === 'createMachine') createsMachine = true;
        } else if (callee.type === 'Identifier' && callee.name === 'createMachine') createsMachine = true;
      },
      'Program > ExpressionStatement > CallExpression'(node) {
        // describe(…), it.each(…)(…), describe.skip(…): the name at the root of the callee.
        let callee = node.callee;
        while (callee.type === 'CallExpression' || callee.type === 'MemberExpression') {
          callee = callee.type === 'CallExpression' ? callee.callee : callee.object;
        }
        if (callee.type === 'Identifier' && testCallees.has(callee.name)) declaresTests = true;
      },
      'Program:exit'(program) {
        let problem = nameProblem(relativePath, root);
        if (!problem && checksMachines && createsMachine && !isMachineFile) {
          problem = 'a file that creates a machine is named `x.machine.ts`';
        }
        if (!problem && checksMachines && isMachineFile && !createsMachine) {
          problem =
            'an `x.machine.ts` creates a machine (`setup(…).createMachine(…)`); name a helper without `.machine`';
        }
        if (!problem && top === 'tests' && declaresTests && !['test', 'cases'].includes(suffixes.at(-1))) {
          problem =
            'a file that declares tests (describe, it, test) is named `x.test.ts(x)`, or `x.cases.ts` when a test file imports it as a part';
        }
        if (problem)
          context.report({
            node: program,
            loc: { line: 1, column: 0 },
            messageId: 'name',
            data: { file: relativePath, problem },
          });
      },
    };
  },
};

export const fileNames = { meta: { name: 'atelier' }, rules: { 'file-names': rule } };
