/** A Replicate tool's input mapped by its definition and checked against its model's recorded schema. */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { ModelInputValue, RunInput, Tool } from '../../../src/catalog';
import { modelSchemas } from './replicate';

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

/** The mapped input with each file field given an address, as the provider sends it. */
function modelInputOf(tool: Tool, input: RunInput): Record<string, unknown> {
  const model = tool.replicate;
  if (!model || model === 'server') throw new Error(`${tool.key} has no Replicate model`);
  const address = (v: ModelInputValue): unknown =>
    typeof v !== 'object' ? v : 'file' in v ? `https://atelier.example/files/uploads/${v.file}.png` : v.map(address);
  return Object.fromEntries(Object.entries(model.input(input)).map(([k, v]) => [k, address(v)]));
}

/** Whether the model's schema accepts the tool's mapped input (unknown input names refused); the errors if not. */
export function schemaProblem(tool: Tool, input: RunInput): string | undefined {
  const schema = modelSchemas.get(tool.id);
  if (!schema) return `no recorded schema for ${tool.id}`;
  const check = ajv.compile({ ...schema.input, additionalProperties: false });
  return check(modelInputOf(tool, input)) ? undefined : ajv.errorsText(check.errors);
}
