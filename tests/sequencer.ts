/**
 * The order in which `npm test` hands its files to the workers: the browser files first, then each other
 * project's files together, longest first within each (tests/file-times.json, the seconds each file took in
 * a measured run; `npm run test:times` refreshes it).
 *
 * Files of a project that shares a worker's modules (`isolate: false`) reuse that worker only while the next
 * file in the queue is of the same project: vitest ends a worker whose next file is another project's. So a
 * project's files stay together, or each would start a worker and import the server, React or Playwright
 * again. The browser files come first, and the computing files after them fill the cores while the last
 * browser files end.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The projects whose files drive a browser. */
const browserProjects = new Set(['e2e', 'paths']);
/** A file the table does not know yet (new since the last measure). */
const unknownSeconds = 10;

const root = join(import.meta.dirname, '..');
const table: Record<string, number> = JSON.parse(readFileSync(join(import.meta.dirname, 'file-times.json'), 'utf8'));

export default class ProjectOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification) => table[relative(root, spec.moduleId)] ?? unknownSeconds;
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of files) {
      const specs = byProject.get(file.project.name) ?? [];
      specs.push(file);
      byProject.set(file.project.name, specs);
    }
    const total = (specs: TestSpecification[]) => specs.reduce((sum, spec) => sum + seconds(spec), 0);
    // Browser projects first, then the longest project; its longest file first.
    const projects = [...byProject.entries()].sort(
      ([a, aFiles], [b, bFiles]) =>
        Number(browserProjects.has(b)) - Number(browserProjects.has(a)) || total(bFiles) - total(aFiles),
    );
    return projects.flatMap(([, specs]) => [...specs].sort((a, b) => seconds(b) - seconds(a)));
  }
}
