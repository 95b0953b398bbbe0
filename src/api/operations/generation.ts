/**
 * The generation calls of the operation table: a start of any tool, the image tools' waiting call, one
 * start per tool endpoint of the catalogue (src/catalog: tools whose run is not 'single'), the prediction.
 */
import * as s from '../schemas';
import { bearer, type BearerEntry } from './bearer';
import type { HeaderParam, OperationSpec } from './types';

/** The example upload URL: a caller sends the `url` POST /api/upload answered. */
export const exampleUploadUrl = 'http://localhost:3000/files/uploads/0b7e2f0c-example.png';

const idempotencyText =
  'Optional `Idempotency-Key` header (8–128 characters of A–Z, a–z, 0–9, `_`, `-`): a repeated key of the same user ' +
  'answers the run the first request started and charges once; reused with a different body it answers 422. ' +
  'Optional `collectionId`: one of the caller\'s collections the run joins as it starts (another account\'s ' +
  'answers 404, nothing charged).';

export const idempotencyKey: HeaderParam = {
  name: 'Idempotency-Key',
  required: false,
  pattern: '^[A-Za-z0-9_-]{8,128}$',
  description:
    'Makes the start safe to retry: the same key (per user) answers the run already started, charged once. ' +
    '8–128 characters of A–Z, a–z, 0–9, "_" and "-"; malformed → 400; the same key with a different ' +
    'modelId/input/version → 422.',
};

/** Besides the caller (401, as every bearer call), a start can fail its input (400), the balance (402), name a
 * collection that is not the caller's (404, COLLECT-6), the body size (413), a reused key (422), the rate limit
 * (429), or be refused by a busy model (504, nothing charged). */
const startErrors = [400, 402, 404, 413, 422, 429, 504] as const satisfies BearerEntry['errors'];

const started = { id: '3f0d1f5e-8c47-4b71-9f0a-6a1c2e7b9d10', credits: 45 };

const start = {
  method: 'post',
  headers: [idempotencyKey],
  body: s.GenerateBody,
  answer: s.GenerateAnswer,
  status: 201,
  errors: startErrors,
} as const;

const toolStart = <const Path extends string, const Body>(path: Path, title: string, body: Body, extra = '') =>
  bearer('generation', {
    ...start,
    path,
    summary: `Start a prediction of ${title}`,
    description: idempotencyText + extra,
    examples: { request: { body }, answer: started },
  });

const withImage = (modelId: string, input: Record<string, string | number> = {}) => ({
  modelId,
  input: { image: exampleUploadUrl, ...input },
});

export const generationOperations = {
  startGeneration: bearer('generation', {
    ...start,
    path: '/api/generate',
    summary: 'Start a prediction of any tool',
    description: idempotencyText,
    examples: { request: { body: { modelId: 'meta/musicgen', input: { prompt: 'a calm piano' } } }, answer: started },
  }),
  generateImage: bearer('generation', {
    ...start,
    path: '/api/generate/image',
    summary: 'Generate an image and wait for it',
    description:
      idempotencyText +
      " A repeat waits for that same run and answers its output (or its error). A failed run answers 502; a run past the server's " +
      'GENERATION_TIMEOUT_MS answers 504 and is refunded.',
    answer: s.ImageAnswer,
    status: 200,
    errors: [...startErrors, 502],
    examples: {
      request: { body: { modelId: 'bytedance/sdxl-lightning-4step', input: { prompt: 'a lighthouse at dusk' } } },
      answer: { id: started.id, output: 'http://localhost:3000/files/outputs/3f0d1f5e-example.png', credits: 42 },
    },
  }),
  generatePerson: toolStart(
    '/api/generate/person',
    'Person to Person',
    withImage('zsxkib/instant-id', { pose_image: exampleUploadUrl, prompt: 'a portrait' }),
  ),
  generateRestore: toolStart('/api/generate/restore', 'Restore Image', withImage('tencentarc/gfpgan')),
  generateVideo: toolStart(
    '/api/generate/video',
    'a video tool',
    { modelId: 'cjwbw/damo-text-to-video', input: { prompt: 'waves on a beach' } },
    ' Video editing takes `input.video`: the URL of a video uploaded through /api/upload (or a video data URL).',
  ),
  generateText: toolStart('/api/generate/text', 'Text Generation', {
    modelId: 'gpt-4o-mini',
    input: { prompt: 'A haiku about autumn' },
  }),
  generateCode: toolStart('/api/generate/code', 'Code Generation', {
    modelId: 'gpt-4.1-mini',
    input: { prompt: 'A function that reverses a string' },
  }),
  generateImageToText: toolStart('/api/generate/image-to-text', 'Image to Text', withImage('gpt-4o')),
  generate3d: toolStart('/api/generate/3d', '3D', withImage('firtoz/trellis')),
  generateMusic: toolStart('/api/generate/music', 'Music', {
    modelId: 'meta/musicgen',
    input: { prompt: 'a calm piano' },
  }),
  generateSound: toolStart('/api/generate/sound', 'Sound', {
    modelId: 'haoheliu/audio-ldm',
    input: { prompt: 'rain on a window' },
  }),
  generateVoice: toolStart('/api/generate/voice', 'Voice', {
    modelId: 'suno-ai/bark',
    input: { prompt: 'Hello there' },
  }),
  getPrediction: bearer('generation', {
    method: 'get',
    path: '/api/prediction/{id}',
    summary: 'A prediction of the caller',
    answer: s.Prediction,
    status: 200,
    errors: [404],
    examples: {
      request: { params: { id: started.id } },
      answer: { id: started.id, status: 'succeeded', output: 'A haiku…', error: null, model: 'offline preview model' },
    },
  }),
} as const satisfies Record<string, OperationSpec>;

/**
 * The tool endpoints of the catalogue (tools whose run is not 'single'): one start each, answering a prediction id,
 * keyed by operationId (the name a tool's definition gives as its `startOperation`).
 */
export const toolStarts = {
  generatePerson: generationOperations.generatePerson,
  generateRestore: generationOperations.generateRestore,
  generateVideo: generationOperations.generateVideo,
  generateText: generationOperations.generateText,
  generateCode: generationOperations.generateCode,
  generateImageToText: generationOperations.generateImageToText,
  generate3d: generationOperations.generate3d,
  generateMusic: generationOperations.generateMusic,
  generateSound: generationOperations.generateSound,
  generateVoice: generationOperations.generateVoice,
} as const;
