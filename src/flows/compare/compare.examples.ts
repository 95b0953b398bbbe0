/** Comparing creations' examples: two Text to Image runs that differ in prompt and seed, and a sound. */
import type { CreationDetail } from '../../api/schemas';
import type { FlowExamples } from '../shared/examples';

/** A finished Text to Image run of 512 × 512 px, with this prompt and seed. */
export const imageCreation = (id: string, prompt: string, seed: number): CreationDetail => ({
  id,
  tool: 'text-to-image',
  title: 'Text to Image',
  category: 'Image',
  prompt,
  input: { prompt, width: 512, height: 512, seed },
  parameters: { prompt, width: 512, height: 512, seed },
  uploads: [],
  seed,
  status: 'succeeded',
  cost: 8,
  refunded: false,
  output: [`/files/outputs/${id}.png`],
  outputKind: 'image',
  error: null,
  createdAt: '2026-11-23T12:00:00.000Z',
  completedAt: '2026-11-23T12:00:02.000Z',
});

/** Two images to compare: their prompts and seeds differ, their size is the same. */
export const twoImages = [
  imageCreation('c1', 'a lighthouse at dusk', 11),
  imageCreation('c2', 'a fox in the snow', 42),
];

/** A finished sound: with an image, the kinds differ. */
export const soundCreation: CreationDetail = {
  ...imageCreation('c3', 'calm piano', 7),
  tool: 'musicgen',
  title: 'Music Generation',
  category: 'Audio',
  input: { prompt: 'calm piano', duration: 30 },
  parameters: { prompt: 'calm piano', duration: 30 },
  seed: null,
  output: '/files/outputs/c3.wav',
  outputKind: 'audio',
};

export const examples: FlowExamples = {
  inputs: { compare: { ids: ['c1', 'c2'] } },
  answers: { loadCreations: twoImages },
  events: { 'compare.slide': { position: 30 }, 'compare.show': { view: 'sideBySide' } },
};
