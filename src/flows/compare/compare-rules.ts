/**
 * What may be compared (COMPARE-1, COMPARE-2), shared by the compare flow and My creations' Compare action:
 * 2 to 4 distinct creations, each finished with a result, all of one kind (images, videos, sounds or texts).
 */
import type { Creation } from '../../api/schemas';

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

export const TOO_FEW_OR_MANY = 'Choose 2 to 4 creations to compare.';
export const DUPLICATES = 'Choose different creations to compare: one is listed twice.';
export const NOT_FINISHED = 'Only finished creations with a result can be compared.';
export const MIXED_KINDS = 'Only creations of one kind can be compared: all images, videos, sounds or texts.';
export const NOT_COMPARABLE = '3D models cannot be compared yet.';

/** An id as the server names creations (CreationIds of src/api/schemas). */
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The ids of the address's `?ids=a,b`: split at commas, blanks dropped. */
export const idsOf = (text: string): string[] =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');

/** Why these ids cannot be compared (COMPARE-1), or null when they can be read. */
export function idsProblem(ids: readonly string[]): string | null {
  if (ids.length < MIN_COMPARED || ids.length > MAX_COMPARED || ids.some((id) => !ID.test(id))) return TOO_FEW_OR_MANY;
  if (new Set(ids).size !== ids.length) return DUPLICATES;
  return null;
}

/** The kind a creation is compared as: code reads as text. */
export const kindOf = (c: Pick<Creation, 'outputKind'>) => (c.outputKind === 'code' ? 'text' : c.outputKind);

const hasResult = (c: Creation) =>
  c.status === 'succeeded' && (Array.isArray(c.output) ? c.output.length > 0 : c.output !== null && c.output !== '');

/** Why these creations cannot be shown side by side (COMPARE-2), or null when they can. */
export function creationsProblem(creations: readonly Creation[]): string | null {
  if (creations.some((c) => !hasResult(c))) return NOT_FINISHED;
  if (new Set(creations.map(kindOf)).size > 1) return MIXED_KINDS;
  if (creations.some((c) => c.outputKind === 'model3d')) return NOT_COMPARABLE;
  return null;
}

/** Two images: the slider is offered (COMPARE-4). */
export const sliderFits = (creations: readonly Creation[]) =>
  creations.length === 2 && creations.every((c) => c.outputKind === 'image');

/**
 * My creations' Compare action (COMPARE-1): the ids chosen in Select mode, in the list's order, when they can be
 * compared, or why not (the disabled action's description).
 */
export function compareChoice(
  items: readonly Creation[],
  selected: readonly string[],
): { ids: string[]; reason: null } | { ids: null; reason: string } {
  const chosen = items.filter((c) => selected.includes(c.id));
  const problem =
    chosen.length < MIN_COMPARED || chosen.length > MAX_COMPARED ? TOO_FEW_OR_MANY : creationsProblem(chosen);
  return problem === null ? { ids: chosen.map((c) => c.id), reason: null } : { ids: null, reason: problem };
}
