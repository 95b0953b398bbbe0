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
import { edgeKeys } from '../coverage-graph';
import { root, servingOf } from './requirements';

/** What coverage/flows.json says of one machine (the path tests' coverage). */
interface PathCoverage {
  transitions: number;
  walked: number;
  missing: string[];
}

export type Walked = 'walked' | 'not walked' | 'no path run' | 'tests only';

export interface RequirementReport {
  id: string;
  area: string;
  text: string;
  states: Array<{ machine: string; state: string; walked: boolean | null }>;
  transitions: Array<{ key: string; walked: boolean | null }>;
  tests: Array<{ file: string; line: number; title: string }>;
  walked: Walked;
}

const inside = (id: string, state: string) => id === state || id.startsWith(`${state}.`);

/** The edge keys of a machine with, when the path tests ran it, whether they walked each. */
function edgesOf(machine: AnyStateMachine, coverage: PathCoverage | undefined) {
  const missing = [...(coverage?.missing ?? [])];
  return edgeKeys(machine).map((key) => {
    const [source = '', target = ''] = key.split(/ --.*?--> /);
    if (!coverage) return { key, source, target, walked: null };
    // Guarded transitions between the same states share a key: each key missing once is one edge not walked.
    const i = missing.indexOf(key);
    if (i >= 0) missing.splice(i, 1);
    return { key, source, target, walked: i < 0 };
  });
}

export function requirementsReport(
  machines: Record<string, AnyStateMachine>,
  coverage: Record<string, PathCoverage>,
): RequirementReport[] {
  const edges = Object.fromEntries(
    Object.entries(machines).map(([name, machine]) => [name, edgesOf(machine, coverage[name])]),
  );
  return servingOf(machines).served.map((r) => {
    const states = r.states.map(({ machine, state }) => {
      const touching = edges[machine]!.filter((e) => inside(e.source, state) || inside(e.target, state));
      // Walked when a walked transition enters or leaves it (a path that left it had reached it).
      const walked = coverage[machine] === undefined ? null : touching.some((e) => e.walked);
      return { machine, state, walked };
    });
    // The transitions that name the rule, then those into its states; keys shared by guarded transitions
    // count as walked when one of them was.
    const named = r.transitions.map(({ machine, key }) => {
      const same = edges[machine]!.filter((e) => e.key === key);
      return { key, walked: coverage[machine] === undefined ? null : same.some((e) => e.walked) };
    });
    const into = r.states.flatMap(({ machine, state }) =>
      edges[machine]!.filter((e) => inside(e.target, state) && !inside(e.source, state)).map(({ key, walked }) => ({
        key,
        walked,
      })),
    );
    const transitions = [...named, ...into.filter((t) => !named.some((n) => n.key === t.key))];
    const marks = [...states.map((s) => s.walked), ...named.map((t) => t.walked)];
    const walked: Walked =
      marks.length === 0
        ? 'tests only'
        : marks.some((w) => w)
          ? 'walked'
          : marks.every((w) => w === null)
            ? 'no path run'
            : 'not walked';
    return {
      id: r.id,
      area: r.area,
      text: r.text,
      states,
      transitions,
      tests: r.tests.map(({ file, line, title }) => ({ file, line, title })),
      walked,
    };
  });
}

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
  const report = requirementsReport(machines, coverage);
  const source = existsSync(flows) ? `coverage/flows.json (${Object.keys(coverage).length} machines)` : 'none yet';
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'requirements.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'requirements.md'), markdown(report, source));
  return report;
}
