/**
 * What the flows viewer starts each machine with and what it suggests as each effect's answer, so
 * every registered machine can be stepped from its first state without writing JSON by hand, read from each
 * flow folder's one examples file. Each is only a starting point: the page shows it in an editable field.
 */
import { tools, toolByKey, type ToolKey } from '../../catalog';
import { examples as account } from '../../flows/account/account.examples';
import { examples as auth } from '../../flows/auth/auth.examples';
import { examples as billing } from '../../flows/billing/billing.examples';
import { examples as compare } from '../../flows/compare/compare.examples';
import { examples as collections } from '../../flows/collections/collections.examples';
import { examples as creations } from '../../flows/creations/creations.examples';
import { examples as runs } from '../../flows/runs/runs.examples';
import { examples as session } from '../../flows/session/session.examples';
import type { FlowExamples } from '../../flows/shared/examples';
import { examples as sidebar } from '../../flows/sidebar/sidebar.examples';
import { examples as theme } from '../../flows/theme/theme.examples';
import { examples as tools_ } from '../../flows/tools/tools.examples';

/** Every flow folder's examples file (src/flows/<area>/<area>.examples.ts): the one source of example data. */
const areas: readonly FlowExamples[] = [
  account,
  auth,
  billing,
  compare,
  collections,
  creations,
  runs,
  session,
  sidebar,
  theme,
  tools_,
];
const merged = (part: keyof FlowExamples) => Object.assign({}, ...areas.map((area) => area[part] ?? {}));

/** The input each machine starts with (JSON as typed in the page). toolRun names its tool by catalogue key. */
export const exampleInputs: Readonly<Record<string, unknown>> = merged('inputs');

export const exampleInputText = (machine: string): string => JSON.stringify(exampleInputs[machine] ?? {}, null, 1);

/**
 * The machine's input from what the person typed: toolRun's `tool` is a catalogue key (a tool is code,
 * not JSON), turned into the catalogue's tool here.
 */
export function machineInput(
  machine: string,
  typed: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (machine !== 'toolRun') return { ok: true, value: typed };
  const given = (typeof typed === 'object' && typed !== null ? typed : {}) as Record<string, unknown>;
  const key = typeof given['tool'] === 'string' ? given['tool'] : 'text-to-image';
  if (!tools.some((t) => t.key === key))
    return { ok: false, message: `No tool "${key}": use one of ${tools.map((t) => t.key).join(', ')}` };
  return { ok: true, value: { ...given, tool: toolByKey(key as ToolKey) } };
}

/** A successful answer for each effect (an invoked actor, by its src). */
const outputs: Readonly<Record<string, unknown>> = merged('answers');

/** The example answer of an effect, as JSON text ('null' when there is none). */
export const exampleOutputText = (src: string): string => JSON.stringify(outputs[src] ?? null);

/** An example payload for an event, where the machine reads one. */
const payloads: Readonly<Record<string, object>> = merged('events');

export const exampleEventText = (type: string): string => JSON.stringify({ type, ...payloads[type] });
