/**
 * Upscale 2× and Vary (REFINE-1 to REFINE-7): one image creation (a result, a creation's page) and My creations'
 * chosen ones (none at first, then two, then none again).
 */
import { refineMachine, type RefineContext } from '../../../src/flows/refine/refine.machine';
import { defineModel } from '../model-paths';
import { serverError, silentError } from './fixtures';

export const refusedForCredits = 'This run costs 10 credits and you have 4. Add credits to continue.';

const events = {
  'refine.sources': [
    { type: 'refine.sources' as const, ids: ['c1', 'c2'] },
    { type: 'refine.sources' as const, ids: [] },
  ],
  'refine.upscale': [{ type: 'refine.upscale' as const }],
  'refine.vary.open': [{ type: 'refine.vary.open' as const }],
  'refine.vary.cancel': [{ type: 'refine.vary.cancel' as const }],
  'refine.vary': [
    { type: 'refine.vary' as const, strength: 'subtle' as const },
    { type: 'refine.vary' as const, strength: 'strong' as const },
  ],
};

const refusals = [serverError(refusedForCredits, { status: 402 }), silentError];

/** One source: its run starts, or the server refuses it. */
const oneActors = { startRefine: { done: [{ started: ['r1'], error: null }], error: refusals } };

/** Two sources: both start; or the first starts and the second is refused; or the first is refused. */
const twoActors = {
  startRefine: {
    done: [
      { started: ['r1', 'r2'], error: null },
      { started: ['r1'], error: refusedForCredits },
    ],
    error: refusals,
  },
};

const key = (c: RefineContext) => [c.ids.length > 0, c.started?.length ?? null, c.error !== null];

/** One image creation: a tool page's result or a creation's page. */
export const refineModel = defineModel({
  machine: refineMachine,
  input: { ids: ['c1'] },
  // Its one source never changes: the page tells it the same one (the path adapter says no one can send it).
  events: { ...events, 'refine.sources': [{ type: 'refine.sources' as const, ids: ['c1'] }] },
  actors: oneActors,
  context: key,
});

/** My creations' Select mode: nothing chosen at first, then the chosen image creations. */
export const refineSelectionModel = defineModel({
  machine: refineMachine,
  input: { ids: [] },
  events,
  actors: twoActors,
  context: key,
});
