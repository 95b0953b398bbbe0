/**
 * Writes every registered machine to flows-export/: `<name>.svg` (the viewer's elk layout, drawn
 * offline) and `<name>.json` (a machine config that Stately's editor imports and createMachine
 * accepts). Run with `npm run flows:export`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machines } from '../machines';
import { toFlowGraph } from '../src/features/flows/graph';
import { layoutFlow } from '../src/features/flows/layout';
import { machineToJson } from '../src/features/flows/machine-json';
import { flowToSvg } from '../src/features/flows/svg';

const out = join(import.meta.dirname, '..', 'flows-export');
mkdirSync(out, { recursive: true });
for (const [name, machine] of Object.entries(machines)) {
  const graph = toFlowGraph(machine);
  const layout = await layoutFlow(graph);
  writeFileSync(join(out, `${name}.svg`), flowToSvg(graph, layout));
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(machineToJson(machine), null, 2)}\n`);
  console.log(`${name}: ${graph.transitions.length} transitions → flows-export/${name}.{svg,json}`);
}
