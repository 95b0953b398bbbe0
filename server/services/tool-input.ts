/**
 * The server's input checks of a generation, read from the tool's definition in src/catalog: the
 * form's own required inputs and messages (in the form's order), the prompt's length, the size rule
 * and the parameters' ranges. Resolving uploaded images is the generation's (generation/input.ts).
 */
import { acceptParam, inputProblem, sizeRule, type Tool } from '../../src/catalog';
import { HttpError } from '../errors';
import type { InputValue } from '../providers/types';

/**
 * Checks the caller's input against the tool's definition (the form's own rules and messages:
 * required inputs, the prompt's length, the size rule, the parameters' ranges) and completes it.
 */
export function checkInput(
  tool: Pick<Tool<string>, 'defaultParams' | 'run' | 'params'>,
  raw: Readonly<Record<string, InputValue>>,
) {
  const input: Record<string, InputValue> = { ...tool.defaultParams, ...raw };
  if (typeof input['prompt'] === 'string') input['prompt'] = input['prompt'].trim();
  if (tool.run.defaultPrompt !== null && !input['prompt']) input['prompt'] = tool.run.defaultPrompt;
  const prompt = input['prompt'];
  const image = input[tool.run.upload];
  const problem = inputProblem(tool.run, {
    prompt: typeof prompt === 'string' ? prompt : null,
    image: typeof image === 'string' ? image : null,
  });
  if (problem) throw new HttpError(400, problem);
  for (const key of ['width', 'height'] as const) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new HttpError(400, `The ${key} must be a number`);
    input[key] = sizeRule(n);
  }
  // A parameter the page shows is kept in its range (or back to its default), as the form keeps it.
  for (const spec of tool.params) {
    if (!(spec.name in raw)) continue;
    input[spec.name] =
      acceptParam(tool.params, spec.name, input[spec.name]) ?? tool.defaultParams[spec.name] ?? spec.fallback;
  }
  return input;
}
