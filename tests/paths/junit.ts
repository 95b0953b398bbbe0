/**
 * The path tests' results as JUnit XML (junit.xml beside the HTML report), the format CI dashboards
 * read: one <testsuite> per machine, one <testcase> per path (classname the machine, name the path's
 * title, time its seconds), a <failure> with the error of a path that failed and a <skipped> with the
 * reason of a path that did not run (a remote run that cannot cause its server answers for real).
 */
import type { FileReport, PathReport } from './report-writer';

const xml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** XML 1.0 has no place for most control characters (an error's ANSI colours, say): they are dropped. */
// eslint-disable-next-line no-control-regex
const printable = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

const text = (s: string) => xml(printable(s));

const secondsOf = (p: PathReport) => p.durationMs / 1000;

/** A path's steps as lines (a folded run says its count), for the failure's text. */
const stepLines = (p: PathReport) => p.scenarios.flatMap((s) => s.steps.map((step) => step.text));

/** The JUnit XML of every file's results, machines in the order the files list them. */
export function junitXml(files: FileReport[]): string {
  const suites = files.flatMap((file) =>
    Object.entries(file.machines).map(([machine, m]) => {
      const failures = m.paths.filter((p) => !p.passed && !p.skipped).length;
      const skipped = m.paths.filter((p) => p.skipped).length;
      const time = m.paths.reduce((sum, p) => sum + secondsOf(p), 0);
      const cases = m.paths.map((p) => {
        const head = `    <testcase classname="${text(machine)}" name="${text(p.title)}" time="${secondsOf(p).toFixed(3)}"`;
        if (p.skipped) return `${head}>\n      <skipped message="${text(p.skipped)}"/>\n    </testcase>`;
        if (!p.passed) {
          const error = p.error ?? 'failed';
          const firstLine = error.split('\n')[0]!;
          return `${head}>\n      <failure message="${text(firstLine)}">${text(`${error}\n\nSteps:\n${stepLines(p).join('\n')}`)}</failure>\n    </testcase>`;
        }
        return `${head}/>`;
      });
      return [
        `  <testsuite name="${text(machine)}" tests="${m.paths.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}" timestamp="${text(file.at)}" file="tests/paths/${text(file.file)}.paths.test.ts">`,
        ...cases,
        '  </testsuite>',
      ].join('\n');
    }),
  );
  const all = files.flatMap((f) => Object.values(f.machines).flatMap((m) => m.paths));
  const time = all.reduce((sum, p) => sum + secondsOf(p), 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Atelier path tests" tests="${all.length}" failures="${all.filter((p) => !p.passed && !p.skipped).length}" errors="0" skipped="${all.filter((p) => p.skipped).length}" time="${time.toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
