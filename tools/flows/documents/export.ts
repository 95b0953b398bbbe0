/**
 * One document of a live machine, as a file to download or write: `exportMachine(machine, format)`.
 * svg and png lay the machine out with the viewer's elk layout; png needs a rasteriser (sharp in
 * Node, a canvas in the page), passed in. Stories need the machine's flow models (example input,
 * events and actor outcomes, tests/flows/models): the scripts pass them, the page only when it has them.
 */
import type { AnyStateMachine } from 'xstate';
import { toFlowGraph } from '../graph';
import { layoutFlow } from '../layout';
import { flowToSvg } from '../svg';
import { machineMarkdown } from './markdown';
import { machineMermaid } from './mermaid';
import { graphOf } from './model';
import type { FlowModel } from './model-paths';
import { machineScxml } from './scxml';
import { storiesMarkdown } from './stories';

export const FORMATS = ['svg', 'png', 'md', 'stories', 'mermaid', 'scxml', 'json'] as const;
export type Format = (typeof FORMATS)[number];

export const FORMAT_NAMES: Record<Format, string> = {
  svg: 'Chart (SVG)',
  png: 'Chart (PNG)',
  md: 'Document (Markdown)',
  stories: 'Stories (Markdown)',
  mermaid: 'Mermaid diagram',
  scxml: 'SCXML',
  json: 'Graph (JSON, for comparing)',
};

export interface ExportedFile {
  filename: string;
  mime: string;
  content: string | Uint8Array;
}

export interface ExportOptions {
  /** The machine's flow models, for stories (tests/flows/models). */
  models?: readonly FlowModel[];
  /** SVG → PNG bytes: sharp in Node, a canvas in the page. */
  rasterize?: (svg: string) => Promise<Uint8Array>;
}

export const isFormat = (value: string): value is Format => (FORMATS as readonly string[]).includes(value);

export async function exportMachine(
  machine: AnyStateMachine,
  format: Format,
  options: ExportOptions = {},
): Promise<ExportedFile> {
  const name = machine.id;
  switch (format) {
    case 'md':
      return { filename: `${name}.md`, mime: 'text/markdown', content: machineMarkdown(graphOf(machine)) };
    case 'stories': {
      const models = options.models ?? [];
      if (!models.length)
        throw new Error(
          `Stories of ${name} are planned on its flow models (example input, events and effect outcomes): npm run flows:export -- --format stories`,
        );
      return { filename: `${name}.stories.md`, mime: 'text/markdown', content: storiesMarkdown(machine, models) };
    }
    case 'mermaid':
      return { filename: `${name}.mmd`, mime: 'text/vnd.mermaid', content: machineMermaid(graphOf(machine)) };
    case 'scxml':
      return { filename: `${name}.scxml`, mime: 'application/scxml+xml', content: machineScxml(graphOf(machine)) };
    case 'json':
      return {
        filename: `${name}.graph.json`,
        mime: 'application/json',
        content: `${JSON.stringify(graphOf(machine), null, 2)}\n`,
      };
    case 'svg':
    case 'png': {
      const graph = toFlowGraph(machine);
      const svg = flowToSvg(graph, await layoutFlow(graph));
      if (format === 'svg') return { filename: `${name}.svg`, mime: 'image/svg+xml', content: svg };
      if (!options.rasterize) throw new Error('A PNG needs a rasteriser (sharp in Node, a canvas in the page)');
      return { filename: `${name}.png`, mime: 'image/png', content: await options.rasterize(svg) };
    }
  }
}
