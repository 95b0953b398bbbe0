/**
 * The form and the server read one definition per tool (src/catalog): for every tool, fast-check
 * draws prompts (up to 5,000 characters), sizes, presets, parameters and missing inputs, and sends
 * each draw through the real toolRun actor (does `tool.generate` lead to a request, or to which
 * message?) and through the server (app.request, with a provider that records and runs nothing).
 * What the form lets through the server accepts; what the form stops the server refuses with the
 * same message.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { aspectPresets } from '../../src/flows/tools/aspect';
import { generationBody } from '../../src/flows/tools/body';
import { withToolEffects, type ToolEffects } from '../../src/flows/tools/tool-effects';
import type {
  CallAnswer,
  CallInput,
  CreationAnswer,
  GenerationBody,
  PredictionAnswer,
  ToolRunEvent,
} from '../../src/flows/tools/tool-run.types';
import type { GenerationJob, GenerationProvider } from '../../server/providers';
import { filePathOf } from '../../server/services/file-urls';
import { tools, type ParamSpec, type Tool } from '../../src/catalog';
import { operations } from '../../src/api/operations';
import { schemaProblem } from './fakes/model-input';
import { json, pngDataUrl, setupApp } from './helpers';

/** At most 50 per tool; 20 keep the whole file within a few seconds. */
const DRAWS = 20;

/** Runs nothing: every job is recorded and answered with a line of text. */
const jobs: GenerationJob[] = [];
const recorder: GenerationProvider = {
  name: 'local',
  run: async (job) => {
    jobs.push(job);
    return { output: { kind: 'text', text: 'recorded' }, model: 'recorder' };
  },
};

const prompts = fc.oneof(
  fc.constantFrom('', '   ', '\n\t '),
  fc.string({ maxLength: 60 }),
  fc
    .tuple(fc.integer({ min: 3990, max: 4010 }), fc.boolean())
    .map(([n, padded]) => (padded ? `  ${'p'.repeat(n)}  ` : 'p'.repeat(n))),
  fc.string({ minLength: 4990, maxLength: 5000 }),
);

const paramValue = (spec: ParamSpec) =>
  spec.kind === 'number'
    ? fc.oneof(
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.integer({ min: Math.ceil(spec.min), max: Math.floor(spec.max) }),
      )
    : fc.constantFrom<string | number>(...spec.options.map((o) => o.value), 'not-an-option');

/** One person's way through a tool's form: the events the page can send, in order. */
function formEvents(tool: Tool) {
  const image = tool.run.upload === 'image' ? fc.boolean() : fc.constant(false);
  const size = tool.run.freeSize
    ? fc.option(fc.record({ width: fc.integer({ min: -50, max: 5000 }), height: fc.integer({ min: -50, max: 5000 }) }))
    : fc.constant(null);
  const aspect = tool.run.aspect
    ? fc.option(fc.constantFrom(...aspectPresets(tool.run.aspect).map((p) => p.name), 'Nope'))
    : fc.constant(null);
  const params = fc.tuple(...tool.params.map((spec) => fc.option(paramValue(spec))));
  return fc.record({ prompt: prompts, image, size, aspect, params }).map((draw) => {
    const events: ToolRunEvent[] = [{ type: 'tool.prompt', prompt: draw.prompt }];
    if (draw.image) events.push({ type: 'tool.image', image: pngDataUrl });
    if (draw.size) events.push({ type: 'tool.size', ...draw.size });
    if (draw.aspect) events.push({ type: 'tool.aspect', name: draw.aspect });
    draw.params.forEach((value, i) => {
      if (value !== null) events.push({ type: 'tool.param', name: tool.params[i]!.name, value });
    });
    return events;
  });
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The form's answer to Generate: the body of the request it sends, or the message it shows. */
async function formAnswer(
  tool: Tool,
  events: ToolRunEvent[],
  uploaded: string,
): Promise<{ sent: GenerationBody } | { refused: string; body: GenerationBody }> {
  const sent: CallInput[] = [];
  const call = fromPromise<CallAnswer, CallInput>(({ input }) => {
    sent.push(input);
    return new Promise<CallAnswer>(() => {});
  });
  const effects: ToolEffects = {
    generateSync: call,
    startGeneration: call,
    fetchPrediction: fromPromise(() => new Promise<PredictionAnswer>(() => {})),
    upload: fromPromise(async () => ({ url: uploaded })),
    getCreation: fromPromise<CreationAnswer, { id: string }>(() => new Promise(() => {})),
    requireSignIn: () => {},
    keepDraft: () => {},
    creditsChanged: () => {},
    refreshCredits: () => {},
    scrollToResult: () => {},
  };
  const run = createActor(withToolEffects(effects), { input: { tool, signedIn: true, credits: 1_000_000 } }).start();
  try {
    for (const event of events) run.send(event);
    const before = run.getSnapshot().context;
    run.send({ type: 'tool.generate' });
    for (let i = 0; i < 5 && sent.length === 0 && !run.getSnapshot().matches({ form: 'error' }); i++) await turn();
    const after = run.getSnapshot();
    if (sent[0]) return { sent: sent[0].body };
    expect(after.value).toEqual({ form: 'error' });
    // The body the form would have sent: with the picture it holds as uploaded (person-to-person uploads only after the checks).
    const body = generationBody({ ...before, uploaded: { image: before.image ? uploaded : null, poseImage: null } });
    return { refused: after.context.error ?? '', body };
  } finally {
    run.stop();
  }
}

/** Images travel to the server as uploads: the form's data URL is sent as the uploaded picture's URL. */
const asUploaded = (body: GenerationBody, url: string): GenerationBody => ({
  ...body,
  input: Object.fromEntries(
    Object.entries(body.input).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('data:') ? url : v]),
  ),
});

/** The input with each signed file address as the plain path a run stores (FILES-2). */
const plainFiles = (input: GenerationBody['input']) =>
  Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? (filePathOf(v) ?? v) : v]));

describe('each tool: the form and the server apply the same definition', () => {
  const t = setupApp('pglite', {
    providers: () => ({ local: recorder }),
    env: { RATE_LIMIT_GENERATE: '100000' },
  });

  it('every draw for every tool: accepted by both, or refused by both with the same words', async () => {
    const u = await t.user({ credits: 1_000_000 });
    const { url } = await json<{ url: string }>(
      await t.request('/api/upload', { token: u.token, body: { image: pngDataUrl } }),
    );
    for (const tool of tools) {
      await fc.assert(
        fc.asyncProperty(formEvents(tool), async (events) => {
          const form = await formAnswer(tool, events, url);
          const body = asUploaded('sent' in form ? form.sent : form.body, url);
          const ran = jobs.length;
          const res = await t.request(operations[tool.startOperation].path, { token: u.token, body });
          const answer = await json<{ message?: string }>(res);
          if ('sent' in form) {
            expect([res.status, answer.message], tool.key).toEqual([res.ok ? res.status : 200, undefined]);
            // An asynchronous run reaches its provider when a worker takes its job, after the answer.
            await vi.waitFor(() => expect(jobs.length, tool.key).toBe(ran + 1), { timeout: 20_000 });
            // …and runs it as the form sent it: nothing the form kept is changed by the server.
            // (An uploaded picture's address is signed for the caller; the run keeps its plain path.)
            expect(jobs.at(-1)?.input, tool.key).toMatchObject(plainFiles(body.input));
            // …and what it runs, mapped to a Replicate model's inputs, is what that model's schema accepts.
            if (tool.replicate && tool.replicate !== 'server') {
              expect(schemaProblem(tool, jobs.at(-1)!.input), tool.key).toBeUndefined();
            }
          } else expect([res.status, answer.message], tool.key).toEqual([400, form.refused]);
        }),
        { numRuns: DRAWS, endOnFailure: true },
      );
    }
    // About 3 s on an idle machine; the margin is for a loaded one (six suites on two cores).
  }, 120_000);
});
