/**
 * The order in which `npm test` hands its files to the workers. Vitest's own order runs the projects one after
 * another (e2e, flows, server, unit), so for minutes every worker waits on a browser while a core idles, and
 * then every worker computes while nothing waits. This order mixes them: about two of the three workers on a
 * browser file, one on a file that only computes, longest first in each (tests/file-times.json, the seconds
 * each file took in a measured run; `npm run test:times` refreshes it), so the run also ends on short files.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The projects whose files drive a browser (mostly waiting on it and on the server). */
const browserProjects = new Set(['e2e']);
/** The share of the workers given to browser files. */
const browserShare = 2 / 3;
/** A file the table does not know yet (new since the last measure). */
const unknownSeconds = 10;

const root = join(import.meta.dirname, '..');
const table: Record<string, number> = JSON.parse(readFileSync(join(import.meta.dirname, 'file-times.json'), 'utf8'));

export default class MixedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification) => table[relative(root, spec.moduleId)] ?? unknownSeconds;
    const longestFirst = (specs: TestSpecification[]) => [...specs].sort((a, b) => seconds(b) - seconds(a));
    const browser = longestFirst(files.filter((f) => browserProjects.has(f.project.name)));
    const computing = longestFirst(files.filter((f) => !browserProjects.has(f.project.name)));
    // Each next file comes from the side that is behind its share of the seconds handed out so far.
    const order: TestSpecification[] = [];
    let browserSeconds = 0;
    let computingSeconds = 0;
    while (browser.length || computing.length) {
      const takeBrowser =
        browser.length > 0 &&
        (computing.length === 0 || browserSeconds * (1 - browserShare) <= computingSeconds * browserShare);
      const next = (takeBrowser ? browser : computing).shift()!;
      if (takeBrowser) browserSeconds += seconds(next);
      else computingSeconds += seconds(next);
      order.push(next);
    }
    return order;
  }
}
