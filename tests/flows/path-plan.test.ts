/**
 * `npm run flows:plan` (tests/paths/plan.ts): every path of the shortest-path set the path tests walk
 * appears in the Markdown and the CSV checklist, with each of its steps (the action in the stories'
 * words, the observation the state's sights promise).
 */
import { describe, expect, it } from 'vitest';
import { eventText } from '../../tools/flows/documents/stories';
import { pathGroups } from '../paths/adapters';
import { plannedPaths } from '../paths/harness';
import { expectedAt, planCsv, planMarkdown, planOf } from '../paths/plan';

const adapters = Object.values(pathGroups).flat();
const plan = planOf(adapters);

/** A small CSV reader for the test: quoted cells with doubled quotes, CRLF rows. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  return rows;
}

describe('the by-hand plan of the path tests', () => {
  // Plans every machine's paths again: seconds alone, over half a minute beside the other suites on two cores.
  it('has every planned path of every machine, each with its steps in order', { timeout: 180_000 }, () => {
    for (const adapter of adapters) {
      const planned = plannedPaths(adapter);
      const mine = plan.filter((p) => p.machine === adapter.name);
      expect(mine.length, adapter.name).toBe(planned.length);
      planned.forEach(({ path }, i) => {
        expect(mine[i]!.steps.map((s) => s.action).slice(1)).toEqual(path.steps.map((s) => eventText(s.event)));
        expect(mine[i]!.steps.map((s) => s.expected).slice(1)).toEqual(path.steps.map((s) => expectedAt(s.state)));
        expect(mine[i]!.steps.map((s) => s.step)).toEqual(path.steps.map((_, n) => n).concat(path.steps.length));
      });
    }
    // Every state a step reaches says what a person sees there (as the path tests check it).
    for (const p of plan) for (const s of p.steps.slice(1)) expect(s.expected).not.toContain('nothing to check');
  });

  it('writes one CSV row per step (machine, path, step, action, expected observation)', () => {
    const rows = readCsv(planCsv(plan));
    expect(rows[0]).toEqual(['machine', 'path', 'step', 'action', 'expected observation']);
    expect(rows.slice(1)).toEqual(
      plan.flatMap((p) => p.steps.map((s) => [p.machine, String(p.number), String(s.step), s.action, s.expected])),
    );
  });

  it('writes a Markdown section per machine and a checklist per path', () => {
    const md = planMarkdown(plan);
    expect(md).toContain(`${plan.length} paths of ${adapters.length} machines`);
    for (const adapter of adapters) expect(md).toContain(`\n## ${adapter.name}\n`);
    const headings = md.split('\n').filter((l) => l.startsWith('### '));
    expect(headings.length).toBe(plan.length);
    const boxes = md.split('\n').filter((l) => l.startsWith('- [ ] **'));
    expect(boxes.length).toBe(plan.reduce((n, p) => n + p.steps.length, 0));
  });
});
