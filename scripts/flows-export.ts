/**
 * Writes the registered machines' documents to flows-export/ (or --out):
 *   npm run flows:export                         `<name>.svg` (the viewer's elk layout) and `<name>.json`
 *                                                (a machine config Stately's editor imports, createMachine accepts)
 *   npm run flows:export -- --format md,mermaid  any of svg, png, md, stories, mermaid, scxml, json (the graph
 *                                                model that flows:diff and the page compare), or `all`
 *   --machine resetPassword                      one machine (registry name or machine id); repeatable
 * Stories are planned on the machine's flow models (tests/flows/models), as the path tests are.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { machines } from '../src/flows';
import { exportMachine, FORMATS, isFormat, type Format } from '../tools/flows/documents';
import { machineToJson } from '../tools/flows/machine-json';
import { flowModels } from '../tests/flows/models';

const { values } = parseArgs({
  options: {
    format: { type: 'string', multiple: true },
    machine: { type: 'string', multiple: true },
    out: { type: 'string' },
  },
});

const asked = (values.format ?? []).flatMap((f) => f.split(',')).filter(Boolean);
const unknown = asked.filter((f) => f !== 'all' && !isFormat(f));
if (unknown.length) {
  console.error(`Unknown format ${unknown.join(', ')}: choose from ${FORMATS.join(', ')} or all`);
  process.exit(2);
}
const formats: Format[] = asked.includes('all') ? [...FORMATS] : (asked as Format[]);
const legacy = formats.length === 0;

const selected = Object.entries(machines).filter(
  ([name, machine]) => !values.machine || values.machine.includes(name) || values.machine.includes(machine.id),
);
if (!selected.length) {
  console.error(`No machine named ${values.machine?.join(', ')}: choose from ${Object.keys(machines).join(', ')}`);
  process.exit(2);
}

const out = resolve(values.out ?? join(import.meta.dirname, '..', 'flows-export'));
mkdirSync(out, { recursive: true });
const rasterize = async (svg: string) => new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());

for (const [name, machine] of selected) {
  const written: string[] = [];
  for (const format of legacy ? (['svg'] as const) : formats) {
    const file = await exportMachine(machine, format, { models: flowModels[name] ?? [], rasterize });
    const filename = file.filename.replace(new RegExp(`^${machine.id}`), name);
    writeFileSync(join(out, filename), file.content);
    written.push(filename);
  }
  if (legacy) {
    writeFileSync(join(out, `${name}.json`), `${JSON.stringify(machineToJson(machine), null, 2)}\n`);
    written.push(`${name}.json`);
  }
  console.log(`${name}: ${written.join(', ')} → ${out}`);
}
