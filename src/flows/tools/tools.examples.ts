/** The tool runs' examples: pictures, keys, a batch's answers, and each effect's answer. */
import type { FlowExamples } from '../shared/examples';
import type { BatchAnswer } from './tool-batch.types';

export const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

export const POSE = 'data:image/png;base64,UE9TRQ==';

/** An uploaded picture's signed address, as a creation's page gives it to 'Use these settings' (CREATIONS-13). */
export const UPLOADED = '/files/uploads/applied.png?exp=4102444800000&sig=path-test';

export const KEY = 'key-1';

export const BATCH_KEY = 'batch-key-1';

/** Six runs, four started and two queued: what the server answers a batch of six with four places free. */
export const sixStarted: BatchAnswer = {
  runs: [
    ...['b1', 'b2', 'b3', 'b4'].map((id) => ({ id, status: 'processing' })),
    { id: 'b5', status: 'queued', position: 1 },
    { id: 'b6', status: 'queued', position: 2 },
  ],
  credits: 4952,
};

/** Two runs, both started. */
export const twoStarted: BatchAnswer = {
  runs: [
    { id: 'b1', status: 'processing' },
    { id: 'b2', status: 'processing' },
  ],
  credits: 4984,
};

const picture = 'https://example.com/result.png';

export const examples: FlowExamples = {
  // toolRun and toolBatch name their tool by catalogue key (a tool is code, not JSON): the viewer looks it up.
  inputs: {
    toolPoll: { id: 'prediction-1', maxPolls: 3 },
    toolProgress: { from: 80 },
    toolRequest: {
      startOperation: 'generateImage',
      body: { prompt: 'A red fox in the snow' },
      idempotencyKey: KEY,
      retryOn504: false,
      timeoutMs: 55000,
    },
    toolRun: { tool: 'text-to-image', signedIn: true, credits: 120 },
  },
  answers: {
    fetchPrediction: { status: 'succeeded', output: picture },
    attempt: { output: picture, credits: 117 },
    syncRequest: { ok: true, answer: { output: picture, credits: 117 }, attempts: 1 },
    startRequest: { ok: true, answer: { id: 'prediction-1', credits: 117 }, attempts: 1 },
    poll: { ok: true, output: 'https://example.com/result.mp4' },
    upload: { url: 'https://example.com/upload.png' },
    progress: null,
    startBatch: twoStarted,
  },
  events: {
    'tool.prompt': { prompt: 'A red fox in the snow' },
    'tool.balance': { signedIn: true, credits: 120 },
  },
};
