/** Flow models of comparing creations (COMPARE-1 to COMPARE-8): the ids checked, the creations read, the two views. */
import { compareMachine, type CompareContext } from '../../../src/flows/compare/compare.machine';
import { sliderFits } from '../../../src/flows/compare/compare-rules';
import { imageCreation, soundCreation, twoImages } from '../../../src/flows/compare/compare.examples';
import { defineModel } from '../model-paths';
import { serverError, silentError } from './fixtures';

/** Two sounds: side by side only (no slider). */
export const twoSounds = [soundCreation, { ...soundCreation, id: 'c4', prompt: 'rain on a roof' }];
/** An image and a sound: the kinds differ. */
export const imageAndSound = [imageCreation('c1', 'a lighthouse at dusk', 11), soundCreation];

const events = {
  'compare.slide': [{ type: 'compare.slide' as const, position: 30 }],
  'compare.show': [
    { type: 'compare.show' as const, view: 'sideBySide' as const },
    { type: 'compare.show' as const, view: 'slider' as const },
  ],
  'compare.reload': [{ type: 'compare.reload' as const }],
};

/** What decides the path: the creations read (two images or not), the divider moved, a message shown. */
const key = (c: CompareContext) => [c.creations.length, sliderFits(c.creations), c.position, c.error];

export const compareModel = defineModel({
  machine: compareMachine,
  input: { ids: ['c1', 'c2'] },
  events,
  actors: {
    loadCreations: {
      done: [twoImages, twoSounds, imageAndSound],
      error: [
        serverError('Creation not found', { status: 404 }),
        serverError('Database unavailable', { status: 500 }),
        silentError,
      ],
    },
  },
  context: key,
});

/** An address naming one creation (or one twice): refused before anything is read. */
export const compareRefusedModel = defineModel({
  machine: compareMachine,
  input: { ids: ['c1'] },
  events,
  actors: { loadCreations: { done: [twoImages], error: [silentError] } },
  context: key,
});
