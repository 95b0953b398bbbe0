/** The tool runs' examples: pictures, keys, a batch's answers, and each effect's answer. */
import type { CreationDetail } from '../../api/schemas';
import { creation } from '../creations/creations.examples';
import type { FlowExamples } from '../shared/examples';
import type { BatchAnswer } from './tool-batch.types';
import { run } from '../runs/runs.examples';
import type { DraftForm } from './draft';

export const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

export const POSE = 'data:image/png;base64,UE9TRQ==';

/** An uploaded picture's signed address, as a creation's page gives it to 'Use these settings' (CREATIONS-13). */
export const UPLOADED = '/files/uploads/applied.png?exp=4102444800000&sig=path-test';

export const KEY = 'key-1';

/** A kept draft's form (TOOL-47): a prompt and the Portrait size, as the login dialog found it. */
export const DRAFT_FORM: DraftForm = {
  prompt: 'a red fox',
  image: null,
  poseImage: null,
  aspect: 'Portrait',
  width: 832,
  height: 1216,
  params: {},
};

/** What a creation's settings hold: its prompt, its parameters (the seed among them), its size and picture. */
export interface CreationSettings {
  prompt: string;
  params: Record<string, string | number>;
  width?: number | null;
  height?: number | null;
  image?: string | null;
}

/** A creation as GET /api/creations/{id} answers it, whose settings a tool page takes (CREATIONS-13). */
export const creationDetail = (id: string, tool: string, settings: CreationSettings): CreationDetail => ({
  ...creation(id, { tool, prompt: settings.prompt, input: { ...settings.params } }),
  parameters: { ...settings.params, width: settings.width ?? null, height: settings.height ?? null },
  uploads: settings.image ? [{ field: 'image', url: settings.image }] : [],
  seed: 7,
  durationMs: 1000,
  shared: null,
});

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

/** RUNS-24: the two runs of `twoStarted` as the runs tray lists them: the first working (40%), the second queued. */
export const twoWorking = [
  run('b1', { prompt: 'a lighthouse at dusk', progress: 40 }),
  run('b2', { prompt: 'a fox in the snow', status: 'queued', position: 1 }),
];

/** RUNS-24: the same two ended: the first with its picture, the second failed (its credits returned). */
export const twoEnded = [
  run('b1', {
    prompt: 'a lighthouse at dusk',
    status: 'succeeded',
    finishedAt: '2026-11-23T12:00:05.000Z',
    output: '/files/outputs/b1.png',
  }),
  run('b2', {
    prompt: 'a fox in the snow',
    status: 'failed',
    error: 'The provider failed',
    refunded: 8,
    finishedAt: '2026-11-23T12:00:06.000Z',
  }),
];

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
    getCreation: creationDetail('creation-1', 'text-to-image', { prompt: 'a lighthouse at dusk', params: { seed: 7 } }),
    progress: null,
    startBatch: twoStarted,
  },
  events: {
    'tool.prompt': { prompt: 'A red fox in the snow' },
    'tool.prompt.clear': {},
    'tool.balance': { signedIn: true, credits: 120 },
    'tool.applyCreation': { id: 'creation-1', newSeed: false },
    'batch.runs': { runs: twoEnded },
  },
};
