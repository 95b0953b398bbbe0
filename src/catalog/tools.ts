/**
 * The catalogue of tools: each tool is one definition in src/catalog/definitions (its call,
 * required inputs and messages, parameters, size rule, uploads, result, retry, polling, labels).
 * The tool-run machine, the tool page and the server's input checks all read these.
 */
import { creditCost } from './cost';
import { imageTools } from './definitions/image';
import { mediaTools } from './definitions/media';
export { voicePresets, VOICE_PREVIEW_TEXT } from './definitions/media';
import { textTools } from './definitions/text';
import { videoTools } from './definitions/video';
import { categories, listedInCategory, searchTools } from './listing';
import type { Category, StartOperation, Tool, ToolDefinition, ToolKey } from './tool-types';

export type {
  Category,
  StartOperation,
  ModelInputValue,
  OutputKind,
  Provider,
  ReplicateModel,
  RunInput,
  Tool,
  ToolDefinition,
  ToolKey,
  ToolParams,
} from './tool-types';

export { categories, searchTools };

/** A definition as the app uses it: with its illustration and its price in credits. */
export function toolOf<K extends string>(definition: ToolDefinition<K>): Tool<K> {
  return { ...definition, image: `/tools/${definition.key}.svg`, cost: creditCost(definition.modelCost) };
}

const definitions: readonly ToolDefinition[] = [...imageTools, ...videoTools, ...textTools, ...mediaTools];

export const tools: readonly Tool[] = definitions.map(toolOf);

/**
 * The per-tool operations that start a prediction polled at /api/prediction/{id}: every start operation of
 * the catalogue whose tools are not single calls.
 */
export const predictionStarts: readonly StartOperation[] = [
  ...new Set(tools.filter((t) => t.run.call !== 'single').map((t) => t.startOperation)),
];

export function toolByKey(key: ToolKey): Tool {
  const tool = tools.find((t) => t.key === key);
  if (!tool) throw new Error(`Unknown tool ${key}`);
  return tool;
}

export function toolByModelId(id: string): Tool | undefined {
  return tools.find((t) => t.id === id);
}

export function toolsInCategory(category: Category): Tool[] {
  return listedInCategory(tools, category);
}
