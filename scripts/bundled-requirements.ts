/**
 * The flows viewer's rule pages read the product rules (docs/requirements.md) and the test titles that cite
 * them. The SPA cannot read the repository, so this plugin bundles both as the module
 * `virtual:atelier-requirements` (the viewer imports it lazily: nothing of it is in the first load of `/`),
 * read by the same code as the requirements report (tools/flows/requirements).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  areasOf,
  readRequirements,
  requirementsFile,
  root,
  testCitations,
} from '../tools/flows/requirements/sources.ts';

export const REQUIREMENTS_MODULE = 'virtual:atelier-requirements';
const resolved = `\0${REQUIREMENTS_MODULE}`;

export function bundledRequirements(): Plugin {
  return {
    name: 'atelier:bundled-requirements',
    resolveId(id) {
      return id === REQUIREMENTS_MODULE ? resolved : undefined;
    },
    load(id) {
      if (id !== resolved) return undefined;
      // A change to the document reloads the module in development.
      this.addWatchFile(path.join(root, requirementsFile));
      const requirements = readRequirements();
      const citations = testCitations(areasOf(requirements)).map(({ file, line, title, ids }) => ({
        file,
        line,
        title,
        ids,
      }));
      return `export const requirements = ${JSON.stringify(requirements)};\nexport const citations = ${JSON.stringify(citations)};\n`;
    },
  };
}
