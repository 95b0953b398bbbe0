/**
 * Flow models of a tool run: the lifecycle once per call shape (single, upload + poll, start then
 * poll at the text tools' pace), and its three children on their own. Seams are constants (a fixed key, a fixed random
 * draw) so the graph's pure transitions and the live replay agree.
 */
import { toolByKey, type ToolKey } from '../../../src/catalog/tools';
import { ADVERTISEMENT_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../../src/catalog/tool-rules';
import { toolPollMachine } from '../../../src/flows/tools/tool-poll.machine';
import { toolProgressMachine } from '../../../src/flows/tools/tool-progress.machine';
import { toolRequestMachine, type ToolRequestInput } from '../../../src/flows/tools/tool-request.machine';
import { toolRunMachine } from '../../../src/flows/tools/tool-run.machine';
import type { RequestOutcome, ToolError, ToolRunContext } from '../../../src/flows/tools/tool-run.types';
import { defineModel, type ActorOutcomes } from '../model-paths';
import { serverError, silentError } from './fixtures';
import { IMAGE, POSE, KEY, DRAFT_FORM, creationDetail } from '../../../src/flows/tools/tools.examples';

export const fixedKey = () => KEY;
export const halfway = () => 0.5;
/** The largest draw: the fewest ticks to the cap. */
export const almostOne = () => 0.99;

export const runInput = (key: ToolKey, extra: { signedIn?: boolean; credits?: number } = {}) => ({
  tool: toolByKey(key),
  newKey: fixedKey,
  random: halfway,
  ...extra,
});

const ok = (answer: Record<string, unknown>, attempts = 1): RequestOutcome => ({ ok: true, answer, attempts });
const failed = (error: ToolError): RequestOutcome => ({ ok: false, error, attempts: 3 });

const prompts = {
  blank: { type: 'tool.prompt' as const, prompt: '   ' },
  fox: { type: 'tool.prompt' as const, prompt: 'a red fox in the snow' },
};
const images = {
  none: { type: 'tool.image' as const, image: null },
  png: { type: 'tool.image' as const, image: IMAGE },
};
const poses = {
  none: { type: 'tool.poseImage' as const, image: null },
  png: { type: 'tool.poseImage' as const, image: POSE },
};
const balances = {
  signedOut: { type: 'tool.balance' as const, signedIn: false, credits: 0 },
  poor: { type: 'tool.balance' as const, signedIn: true, credits: 1 },
  rich: { type: 'tool.balance' as const, signedIn: true, credits: 5000 },
};

/**
 * Samples of every lifecycle event. Each model keeps the samples that change its path and one
 * inert sample of the others, so the graph stays small enough to replay every transition.
 */
function runEvents(tool: ToolKey, vary: { prompt?: boolean; image?: boolean; pose?: boolean; session?: boolean }) {
  return {
    'tool.prompt': vary.prompt ? [prompts.blank, prompts.fox] : [prompts.fox],
    'tool.prompt.clear': [{ type: 'tool.prompt.clear' as const }],
    'tool.image': vary.image ? [images.none, images.png] : [images.png],
    'tool.poseImage': vary.pose ? [poses.none, poses.png] : [poses.png],
    'tool.fileRejected': [
      { type: 'tool.fileRejected' as const, message: 'Image is too large. Please choose a smaller image.' },
    ],
    'tool.aspect': [{ type: 'tool.aspect' as const, name: 'Portrait' }],
    'tool.size': [{ type: 'tool.size' as const, width: 1001, height: 517 }],
    'tool.param': [{ type: 'tool.param' as const, name: 'duration', value: 12 }],
    // COLLECT-6: 'Save to' a collection of the person's (the next start's body names it).
    'tool.saveTo': [{ type: 'tool.saveTo' as const, collectionId: 'k1' }],
    'tool.generate': [{ type: 'tool.generate' as const }],
    // RUNS-14: the account's run of this tool still working, as the runs tray lists it when the page opens.
    'tool.listed': [
      {
        type: 'tool.listed' as const,
        runs: [{ id: 'pred-1', toolKey: tool, prompt: 'a calm sea at dawn', status: 'processing' as const }],
      },
    ],
    'tool.reset': [{ type: 'tool.reset' as const }],
    'tool.runAgain': [{ type: 'tool.runAgain' as const }],
    'tool.edit': [{ type: 'tool.edit' as const }],
    // CREATIONS-13, CREATIONS-14: 'Use these settings' and 'New seed' of a creation's page.
    'tool.applyCreation': [
      { type: 'tool.applyCreation' as const, id: 'apply-1', newSeed: false },
      { type: 'tool.applyCreation' as const, id: 'apply-1', newSeed: true },
    ],
    // TOOL-47 to TOOL-49: the login dialog opened from the page, 'Back to {tool}' (Generate pressed or not, or
    // another tool's draft) and the answers of 'Run it now?'.
    'tool.draft.keep': [{ type: 'tool.draft.keep' as const }],
    'tool.draft.restore': [
      { type: 'tool.draft.restore' as const, toolKey: tool, form: DRAFT_FORM, generate: true },
      { type: 'tool.draft.restore' as const, toolKey: tool, form: DRAFT_FORM, generate: false },
      { type: 'tool.draft.restore' as const, toolKey: 'another-tool', form: DRAFT_FORM, generate: true },
    ],
    'tool.draft.run': [{ type: 'tool.draft.run' as const }],
    'tool.draft.decline': [{ type: 'tool.draft.decline' as const }],
    'tool.balance': vary.session ? [balances.signedOut, balances.poor, balances.rich] : [balances.rich],
    'progress.tick': [{ type: 'progress.tick' as const, value: 42 }],
    // RUNS-15: the poll finds the run waiting at place 2 of its account's queue, then out of it.
    'progress.queued': [
      { type: 'progress.queued' as const, place: 2 },
      { type: 'progress.queued' as const, place: null },
    ],
  };
}

/**
 * What decides the lifecycle's path, among the fields a model varies: the form, and the session
 * until a run starts (once a run has a key, a balance change cannot change its path), or while a
 * result is shown ('Run again' is refused when the credits fall short, TOOL-43).
 */
const runKey = (fields: ReadonlyArray<'prompt' | 'image' | 'pose' | 'session'>) => (c: ToolRunContext) => ({
  // RUNS-14: a run still on its first form may follow a listed run; once it has left it, never again.
  firstForm: c.firstForm,
  newSeed: c.applying?.newSeed ?? null,
  prompt: fields.includes('prompt') && c.prompt.trim() !== '',
  image: fields.includes('image') && c.image !== null,
  pose: fields.includes('pose') && c.poseImage !== null,
  session:
    fields.includes('session') &&
    (c.key === null ? [c.signedIn, c.credits >= c.tool.cost] : c.result !== null && c.credits >= c.tool.cost),
});

/**
 * The creation a page reads for its settings (CREATIONS-13), or its refusal (deleted, another account's). Its
 * picture's address is tested by the flow cases and the end-to-end test: a path walk of it would skip the upload
 * the person-to-person model answers.
 */
const creationOutcomes = (tool: ToolKey): ActorOutcomes => ({
  done: [
    creationDetail('apply-1', tool, {
      prompt: 'a lighthouse at dusk',
      params: { duration: 20, aspect_ratio: '3:2', seed: 7 },
      width: 768,
      height: 512,
    }),
  ],
  error: [serverError('Creation not found', { status: 404 })],
});

const syncOutcomes: ActorOutcomes = {
  done: [
    ok({ output: 'https://atelier.test/outputs/fox.png', credits: 4990 }),
    ok({ output: 'https://atelier.test/outputs/fox.png' }),
    ok({ credits: 4990 }),
    failed({ status: 504, message: 'Gateway Timeout' }),
    failed({ message: '' }),
  ],
};
const startOutcomes: ActorOutcomes = {
  done: [
    ok({ id: 'pred-1', credits: 4990 }),
    ok({ id: 'pred-1' }),
    ok({ output: 'not an id' }),
    failed({ status: 402, message: 'Insufficient credits' }),
  ],
};

/** Text to Image: the sync path with simulated progress and aspect presets. */
export const toolRunSyncModel = defineModel({
  machine: toolRunMachine,
  input: runInput('text-to-image'),
  events: runEvents('text-to-image', { prompt: true, session: true }),
  actors: { request: syncOutcomes, creation: creationOutcomes('text-to-image') },
  context: runKey(['prompt', 'session']),
});

/** Person to Person: uploads, then start, then poll. */
export const toolRunPersonModel = defineModel({
  machine: toolRunMachine,
  input: runInput('person-to-person', { signedIn: true, credits: 5000 }),
  events: runEvents('person-to-person', { image: true, pose: true }),
  actors: {
    creation: creationOutcomes('person-to-person'),
    uploadMain: { done: [{ url: '/uploads/main.jpg' }], error: [serverError('Image too large'), silentError] },
    uploadPose: { done: [{ url: '/uploads/pose.jpg' }], error: [serverError('Image too large')] },
    request: startOutcomes,
    poll: {
      done: [
        { ok: true, output: 'https://atelier.test/outputs/person.png' },
        { ok: false, error: { message: 'Generation timed out' } },
      ],
    },
  },
  context: runKey(['image', 'pose']),
});

/** Text Generation: start, then poll by id every second (the text tools' rule). */
export const toolRunTextModel = defineModel({
  machine: toolRunMachine,
  input: runInput('text-to-text', { signedIn: true, credits: 5000 }),
  events: runEvents('text-to-text', { prompt: true }),
  actors: {
    creation: creationOutcomes('text-to-text'),
    request: startOutcomes,
    poll: {
      done: [
        { ok: true, output: 'Once upon a time…' },
        { ok: false, error: { message: 'Model overloaded' } },
      ],
    },
  },
  context: runKey(['prompt']),
});

/** Sound Generation: the parameter controls (duration, guidance), then start and poll. */
export const toolRunMediaModel = defineModel({
  machine: toolRunMachine,
  input: runInput('audioldm', { signedIn: true, credits: 5000 }),
  events: runEvents('audioldm', { prompt: true }),
  actors: {
    creation: creationOutcomes('audioldm'),
    request: startOutcomes,
    poll: {
      done: [
        { ok: true, output: 'https://atelier.test/outputs/rain.wav' },
        // The server failed the prediction: it returned the run's credits (TOOL-38).
        { ok: false, error: { message: 'Generation failed' }, ended: true },
      ],
    },
  },
  context: runKey(['prompt']),
});

/** The request as the advertisement's definition makes it (retries on 504, 45 s), or as the other tools' do. */
export const requestInput = (advertisement: boolean): ToolRequestInput => ({
  startOperation: 'generateImage',
  body: { modelId: 'stability-ai/sdxl', provider: 'replicate', cost: 205, input: { prompt: 'a red fox' } },
  idempotencyKey: KEY,
  retryOn504: advertisement,
  timeoutMs: advertisement ? ADVERTISEMENT_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
});

const attemptOutcomes: ActorOutcomes = {
  done: [{ output: 'https://atelier.test/outputs/ad.png', credits: 4795 }],
  error: [
    { status: 504, message: 'Gateway Timeout' },
    { name: 'AbortError', message: 'The operation was aborted' },
    { status: 502, message: 'The request timed out upstream' },
    serverError('Prompt rejected'),
  ],
};

export const toolRequestAdModel = defineModel({
  machine: toolRequestMachine,
  input: requestInput(true),
  events: {},
  actors: { attempt: attemptOutcomes },
  context: (c) => c.attempt,
});

export const toolRequestModel = defineModel({
  machine: toolRequestMachine,
  input: requestInput(false),
  events: {},
  actors: { attempt: attemptOutcomes },
  context: (c) => c.attempt,
});

export const toolPollModel = defineModel({
  machine: toolPollMachine,
  // Three checks instead of 60 keep the graph small; the 60-check time-out has its own test.
  input: { id: 'pred-1', maxPolls: 3 },
  events: {},
  actors: {
    fetchPrediction: {
      done: [
        { status: 'succeeded', output: ['https://atelier.test/outputs/a.png', 'https://atelier.test/outputs/b.png'] },
        { status: 'succeeded', output: null },
        { status: 'failed', error: 'NSFW content detected' },
        { status: 'canceled', error: null },
        { status: 'processing', output: null, error: null },
        { status: 'queued', position: 2, output: null, error: null },
      ],
      error: [serverError('Bad gateway', { status: 502 })],
    },
  },
  context: (c) => [c.checks, c.failures, c.place],
});

export const toolProgressModel = defineModel({
  machine: toolProgressMachine,
  // Starting at 75 keeps the chain of ticks short; the increments below 60 have their own tests.
  input: { random: almostOne, from: 75 },
  events: {},
  context: (c) => c.value,
});
