/**
 * What the compare page reads from its flow (COMPARE-6): the settings that differ between the creations, under the
 * human names their own pages use (src/catalog/creation-settings.ts), one value per creation.
 */
import type { CreationDetail } from '../../api/schemas';
import { creationSettings } from '../../catalog/creation-settings';
import { tools } from '../../catalog/tools';

export interface SettingRow {
  /** The setting's key: prompt, tool, model, size, seed or the input's name. */
  readonly name: string;
  /** Its human name ('Prompt', 'Size', 'Steps'). */
  readonly label: string;
  /** Its value for each creation, in their order; NOT_SET where one has none. */
  readonly values: readonly string[];
}

/** A creation without a value for a setting another has. */
export const NOT_SET = 'Not set';

/** An uploaded file's address (a picture given to the run): not a setting. */
const isFile = (value: unknown) => typeof value === 'string' && value.startsWith('/files/');

/** One creation's settings by key, in the order the table lists them: prompt, tool, model, then its inputs. */
function settingsOf(c: CreationDetail): Map<string, { label: string; value: string }> {
  const out = new Map<string, { label: string; value: string }>();
  out.set('prompt', { label: 'Prompt', value: c.prompt?.trim() || NOT_SET });
  out.set('tool', { label: 'Tool', value: c.title });
  out.set('model', { label: 'Model', value: tools.find((t) => t.key === c.tool)?.id ?? c.tool });
  const given = c.parameters ?? c.input;
  const input = Object.fromEntries(Object.entries(given).filter(([name, v]) => name !== 'prompt' && !isFile(v)));
  if (input['seed'] === undefined && typeof c.seed === 'number') input['seed'] = c.seed;
  const { shown, advanced } = creationSettings(c.tool, input);
  for (const s of [...shown, ...advanced]) out.set(s.name, { label: s.label, value: s.value });
  return out;
}

/** The order of the first rows; the other settings follow in the order the creations name them. */
const FIRST = ['prompt', 'tool', 'model', 'size', 'seed'];

/** The settings whose values are not all the same, one row each (COMPARE-6). */
export function differingSettings(creations: readonly CreationDetail[]): SettingRow[] {
  const each = creations.map(settingsOf);
  const names = [...new Set(each.flatMap((s) => [...s.keys()]))].sort((a, b) => {
    const [i, j] = [FIRST.indexOf(a), FIRST.indexOf(b)];
    return (i < 0 ? FIRST.length : i) - (j < 0 ? FIRST.length : j);
  });
  return names.flatMap((name) => {
    const values = each.map((s) => s.get(name)?.value ?? NOT_SET);
    if (values.every((v) => v === values[0])) return [];
    const label = each.map((s) => s.get(name)?.label).find((l) => l !== undefined) ?? name;
    return [{ name, label, values }];
  });
}
