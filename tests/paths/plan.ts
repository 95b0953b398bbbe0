/**
 * The path tests' planned paths as a checklist a person can follow by hand (`npm run flows:plan`,
 * scripts/flows-plan.ts): every path of the shortest-path set (plannedPaths of every adapter), each
 * as numbered steps, each step an action (what the person does or what the server answers, in the
 * words of the flows documents' stories: eventText) and the expected observation (what the state
 * reached shows, from its `meta.sees` and its ancestors': sightsAt). Step 0 is where the path starts; a
 * state the app passes before it shows anything (the session reading the saved sign-in) has nothing to
 * check yet, as in the path tests, which check the states their steps reach.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { sightText } from '../../src/flows/shared/meta';
import { eventText } from '../../tools/flows/documents/stories';
import { initialSnapshot } from '../flows/harness';
import { plannedPaths, type PathAdapter } from './harness';
import { sightsAt } from './sights';

export interface PlanStep {
  step: number;
  action: string;
  expected: string;
}

export interface PlanPath {
  machine: string;
  /** The path's number within its machine, from 1. */
  number: number;
  /** Where the path ends: its last state's leaves. */
  reaches: string;
  steps: PlanStep[];
}

/** What a person should see in a state: per active leaf, its sights (the leaf's and its ancestors'). */
export function expectedAt(snapshot: AnyMachineSnapshot): string {
  return sightsAt(snapshot)
    .map(({ leaf, sights }) => `${leaf}: ${sights.length ? sights.map(sightText).join('; ') : 'nothing to check yet'}`)
    .join(' | ');
}

const leaves = (snapshot: AnyMachineSnapshot) =>
  sightsAt(snapshot)
    .map((s) => s.leaf)
    .join(' and ');

const brief = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** Every planned path of the adapters, as steps to follow. */
export function planOf(adapters: readonly PathAdapter[]): PlanPath[] {
  return adapters.flatMap((adapter) =>
    plannedPaths(adapter).map(({ model, path }, i) => {
      const first = initialSnapshot(model);
      const input = model.input === undefined ? '' : ` with ${brief(model.input)}`;
      const steps: PlanStep[] = [
        { step: 0, action: `Open the page where ${adapter.name} runs${input}`, expected: expectedAt(first) },
        ...path.steps.map((s, n) => ({ step: n + 1, action: eventText(s.event), expected: expectedAt(s.state) })),
      ];
      return {
        machine: adapter.name,
        number: i + 1,
        reaches: leaves(path.steps.at(-1)?.state ?? first),
        steps,
      };
    }),
  );
}

/** The checklist as Markdown: a section per machine, a checkbox per step. */
export function planMarkdown(plan: readonly PlanPath[]): string {
  const out = [
    '# Path tests by hand',
    '',
    `${plan.length} paths of ${new Set(plan.map((p) => p.machine)).size} machines: the shortest-path set the path tests walk (\`npm run test:paths\`). Tick each step when the page shows what it expects.`,
    '',
  ];
  let machine = '';
  for (const path of plan) {
    if (path.machine !== machine) {
      machine = path.machine;
      out.push(`## ${machine}`, '');
    }
    out.push(`### ${machine} path ${path.number}: reaches ${path.reaches} in ${path.steps.length - 1} steps`, '');
    for (const s of path.steps) out.push(`- [ ] **${s.step}.** ${md(s.action)}  `, `  _Expect:_ ${md(s.expected)}`);
    out.push('');
  }
  return out.join('\n');
}

const md = (s: string) => s.replace(/([\\`*_[\]<>|])/g, '\\$1');

const csvCell = (value: string | number) => {
  const s = String(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The checklist as CSV: one row per step (machine, path, step, action, expected observation). */
export function planCsv(plan: readonly PlanPath[]): string {
  const rows = [['machine', 'path', 'step', 'action', 'expected observation']];
  for (const path of plan)
    for (const s of path.steps) rows.push([path.machine, String(path.number), String(s.step), s.action, s.expected]);
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
