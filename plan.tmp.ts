import { pathGroups } from './tests/paths/adapters';
import { plannedPaths } from './tests/paths/harness';
import { planPaths } from './tests/paths/scenarios';
const t0 = Date.now();
for (const adapters of Object.values(pathGroups)) for (const a of adapters) {
  const p = planPaths(a.name, plannedPaths(a));
  const max = Math.max(...p.map((x) => x.title.length));
  console.log(a.name, p.length, 'max', max, new Set(p.map(x=>x.title)).size === p.length);
  if (a.name === 'session' || a.name === 'toolRun') for (const x of p.slice(0, 4)) console.log('  ', x.title, '|', x.scenarios.map((s) => s.title).join(' / '));
}
console.log(Date.now() - t0, 'ms');
