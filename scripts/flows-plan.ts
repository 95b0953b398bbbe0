/**
 * `npm run flows:plan`: the path tests' shortest-path set as a checklist a person can follow by hand,
 * written to flows-plan/plan.md and flows-plan/plan.csv (tests/paths/plan.ts: each path's steps, each
 * an action and the expected observation). `--out <dir>` writes elsewhere.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathGroups } from '../tests/paths/adapters';
import { planCsv, planMarkdown, planOf } from '../tests/paths/plan';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const dir = values.out ?? 'flows-plan';
const plan = planOf(Object.values(pathGroups).flat());
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'plan.md'), planMarkdown(plan));
writeFileSync(join(dir, 'plan.csv'), planCsv(plan));
const steps = plan.reduce((n, p) => n + p.steps.length, 0);
console.log(`${plan.length} paths, ${steps} steps: ${join(dir, 'plan.md')}, ${join(dir, 'plan.csv')}`);
