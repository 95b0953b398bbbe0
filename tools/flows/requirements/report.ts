/**
 * The requirements report: each rule of docs/requirements.md with the machine states and transitions
 * that serve it, the transitions into those states, the tests that cite it, and whether the path tests walked those
 * transitions through the real app (coverage/flows.json, written by the path tests' report). Written to
 * coverage/requirements.md and coverage/requirements.json by `npm run requirements:report`, at the end
 * of `npm test` and whenever the path tests write their report.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { root, servingOf } from './requirements';
import { requirementsReport, type PathCoverage, type RequirementReport, type Walked } from './serve';

export { requirementsReport, type RequirementReport, type Walked };

function markdown(report: RequirementReport[], source: string): string {
  const count = (w: Walked) => report.filter((r) => r.walked === w).length;
  const lines = [
    '# Product rules: what serves them',
    '',
    `${report.length} rules (docs/requirements.md). Served by machine states or transitions the path tests walked: ${count('walked')}; ` +
      `by ones they did not walk: ${count('not walked')}; by ones of machines without a path run: ` +
      `${count('no path run')}; served by tests only: ${count('tests only')}. Path coverage: ${source}.`,
  ];
  let area = '';
  for (const r of report) {
    if (r.area !== area) {
      area = r.area;
      lines.push('', `## ${area}`);
    }
    const mark = (w: boolean | null) => (w === null ? '' : w ? ' ✓' : ' ✗');
    lines.push('', `### ${r.id} (${r.walked})`, '', r.text, '');
    if (r.states.length) lines.push(`- states: ${r.states.map((s) => `${s.state}${mark(s.walked)}`).join(', ')}`);
    if (r.transitions.length) {
      const walked = r.transitions.filter((t) => t.walked).length;
      lines.push(`- transitions (${walked}/${r.transitions.length} walked):`);
      for (const t of r.transitions) lines.push(`  - \`${t.key}\`${mark(t.walked)}`);
    }
    for (const t of r.tests) lines.push(`- test: ${t.file}:${t.line} — ${t.title}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes coverage/requirements.{md,json} from the machines, the tests' titles and coverage/flows.json. */
export function writeRequirementsReport(machines: Record<string, AnyStateMachine>, dir = join(root, 'coverage')) {
  const flows = join(dir, 'flows.json');
  const coverage = existsSync(flows) ? (JSON.parse(readFileSync(flows, 'utf8')) as Record<string, PathCoverage>) : {};
  const report = requirementsReport(machines, coverage, servingOf(machines).served);
  const source = existsSync(flows) ? `coverage/flows.json (${Object.keys(coverage).length} machines)` : 'none yet';
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'requirements.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'requirements.md'), markdown(report, source));
  return report;
}
