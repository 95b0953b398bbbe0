/**
 * The tool page lifecycle (TOOL-2): idle → working (progress shown) → result | error,
 * one machine for every tool, parameterised by the tool's definition (src/catalog/definitions).
 *
 * Before any call: the form rules (TOOL-11 to TOOL-15), then the sign-in check (the app opens the
 * login dialog and the form keeps what was typed), then the balance (the app keeps it current with `tool.balance`).
 * Working takes one of the definition's paths: `single` (one call, simulated progress), `uploading`
 * → `starting` → `polling` (person-to-person) or `starting` → `polling` (the others; the poll's
 * interval, checks and progress curve are the tool's). Each click makes one idempotency key, sent
 * with every attempt of its call.
 * The app keeps the actor when its page is left (RUNS-12); stopping it (a sign-out, RUNS-13) stops every child
 * and aborts what is in flight.
 */
import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { acceptParam } from '../../catalog/tool-params';
import { inputProblem } from '../../catalog/tool-checks';
import { notProvided } from '../shared/errors';
import { aspectPreset, roundSize } from './aspect';
import { INVALID_RESPONSE, generationErrorText, notEnoughCredits, uploadErrorText } from './errors';
import { toolPollMachine } from './tool-poll.machine';
import { toolProgressMachine } from './tool-progress.machine';
import { toolRequestMachine } from './tool-request.machine';
import { blankForm, blankRun, idOf, outputOf, refundOf, requestInput, runToFollow, takeBalance } from './run-parts';
import { appliedForm, settingsOf } from './applied-form';
import { draftOf, draftSettings, type DraftForm, type ToolDraft } from './draft';
import type {
  AppliedSettings,
  CreationAnswer,
  ListedRun,
  PollOutcome,
  RequestOutcome,
  ToolRunContext,
  ToolRunEvent,
  ToolRunInput,
  UploadAnswer,
  UploadInput,
} from './tool-run.types';
import { facts } from '../shared/meta';
import {
  toolRunFacts,
  formFacts,
  idleFacts,
  applyingFacts,
  offeringFacts,
  workingFacts,
  resultFacts,
  errorFacts,
  callOutSights,
  uploadSights,
  statusCheckSights,
} from './tool-run-facts';

export const toolRunMachine = setup({
  types: {
    context: {} as ToolRunContext,
    events: {} as ToolRunEvent,
    input: {} as ToolRunInput,
  },
  actors: {
    /** Simulated progress of a single call (800 ms ticks, cap 85). */
    progress: toolProgressMachine,
    /** The single call of a 'single' tool, with time-out and retries; the app gives it `generateSync`. */
    syncRequest: toolRequestMachine,
    /** The start call of 'poll' and 'wait' tools; the app gives it `startGeneration`. */
    startRequest: toolRequestMachine,
    /** GET /api/prediction/{id} at the tool's interval; the app gives it `fetchPrediction`. */
    poll: toolPollMachine,
    /** POST /api/upload {image}: the public URL of a data-URL image. */
    upload: fromPromise<UploadAnswer, UploadInput>(async () => notProvided('upload')),
    /** GET /api/creations/{id}: the creation whose settings the form takes (CREATIONS-13). */
    getCreation: fromPromise<CreationAnswer, { id: string }>(async () => notProvided('getCreation')),
  },
  actions: {
    /** A visitor pressed Generate: the app opens the login dialog; the form keeps its values. */
    requireSignIn: () => {},
    /** TOOL-47: the app keeps the form for the tab (sessionStorage) while the login dialog is open. */
    keepDraft: (_, _params: { draft: ToolDraft }) => {},
    /** The answer carried the new balance: the app reports it to the session. */
    creditsChanged: (_, _params: { credits: number }) => {},
    /** The app reloads the balance (GET /api/users/credits), CREDITS-4. */
    refreshCredits: () => {},
    /** The page scrolls to the result (100 ms after it appears). */
    scrollToResult: () => {},

    setPrompt: assign({ prompt: (_, p: { prompt: string }) => p.prompt }),
    setImage: assign({ image: (_, p: { image: string | null }) => p.image }),
    setPoseImage: assign({ poseImage: (_, p: { image: string | null }) => p.image }),
    setAspect: assign(({ context }, p: { name: string }) => {
      const preset = context.shape.aspect === null ? undefined : aspectPreset(context.shape.aspect, p.name);
      return preset ? { aspect: preset.name, width: preset.width, height: preset.height } : {};
    }),
    setSize: assign((_, p: { width: number; height: number }) => roundSize(p.width, p.height)),
    setParam: assign({
      params: ({ context }, p: { name: string; value: string | number }) => ({
        ...context.params,
        [p.name]: acceptParam(context.tool.params, p.name, p.value) ?? context.params[p.name] ?? '',
      }),
    }),
    setBalance: assign((_, p: { signedIn: boolean; credits: number }) => ({
      signedIn: p.signedIn,
      credits: p.credits,
    })),
    refuse: assign({ error: (_, p: { message: string }) => p.message, refunded: null }),
    /** A new run: its own key; a run followed (RUNS-14) keeps the id of the run it follows. */
    startRun: assign(({ context }) => ({
      ...blankRun,
      key: context.newKey(),
      predictionId: context.resumeId,
      resumeId: null,
    })),
    clearRun: assign(({ context }) => ({
      ...blankForm(context.tool, context.shape),
      ...blankRun,
      generatePressed: false,
    })),
    /** 'Edit' (TOOL-43): the result goes, the form stays as it was sent. */
    editRun: assign(() => ({ ...blankRun })),
    /** 'Use these settings' (CREATIONS-13): the past run's form, with the result and banner gone. */
    applySettings: assign(({ context }, settings: AppliedSettings) => ({
      ...blankRun,
      ...appliedForm(context, settings),
    })),
    /** TOOL-48: the kept draft's form, with the result and banner gone (the rules of 'Use these settings'). */
    restoreDraft: assign(({ context }, p: { form: DraftForm }) => ({
      ...blankRun,
      ...appliedForm(context, draftSettings(p.form)),
      generatePressed: false,
    })),
    /** CREATIONS-13, CREATIONS-14: the creation to read, and whether Generate follows ('New seed'). */
    readCreation: assign({ applying: (_, p: { id: string; newSeed: boolean }) => ({ id: p.id, newSeed: p.newSeed }) }),
    /** RUNS-14: the page follows the listed run of its tool: its prompt shows, its id is checked. */
    follow: assign(({ context }, p: { runs: readonly ListedRun[] }) => {
      const run = runToFollow(context, p.runs);
      return { prompt: run?.prompt ?? context.prompt, resumeId: run?.id ?? null };
    }),
    showResult: assign({ result: (_, p: { output: string }) => p.output, progress: 100, error: null }),
    showError: assign({ error: (_, p: { message: string }) => p.message, progress: 0 }),
    /** The call failed, or answered without what it promises: the message for that (TOOL-27). */
    showFailure: assign(({ context }, outcome: RequestOutcome | PollOutcome) => ({
      error: outcome.ok ? INVALID_RESPONSE : generationErrorText(outcome.error, context.shape.wording),
      refunded: refundOf(outcome, context.tool.cost),
      progress: 0,
    })),
  },
  guards: {
    formInvalid: ({ context }) => inputProblem(context.shape, context) !== null,
    signedOut: ({ context }) => !context.signedIn,
    /** The balance the app last sent is below the tool's cost. */
    lacksCredits: ({ context }) => context.credits < context.tool.cost,
    knownAspect: ({ context }, p: { name: string }) =>
      context.shape.aspect !== null && aspectPreset(context.shape.aspect, p.name) !== undefined,
    /** The tool has this control and the value is one it takes (numbers are clamped, not refused). */
    knownParam: ({ context }, p: { name: string; value: string | number }) =>
      acceptParam(context.tool.params, p.name, p.value) !== null,
    hasPrompt: ({ context }) => context.prompt !== '',
    syncCall: ({ context }) => context.shape.call === 'single',
    uploadsFirst: ({ context }) => context.shape.uploadsFirst,
    hasPoseImage: ({ context }) => context.poseImage !== null && context.poseImage !== '',
    gotOutput: (_, outcome: RequestOutcome) => outputOf(outcome) !== null,
    gotId: (_, outcome: RequestOutcome) => idOf(outcome) !== null,
    /** The server answered, but not with what the call promises. */
    answered: (_, outcome: RequestOutcome) => outcome.ok,
    pollSucceeded: (_, outcome: PollOutcome) => outcome.ok,
    /** RUNS-14: the page's run, still on its first form and blank, follows a listed run of its tool. */
    follows: ({ context }, p: { runs: readonly ListedRun[] }) =>
      context.firstForm && runToFollow(context, p.runs) !== undefined,
    /** 'New seed' (CREATIONS-14): Generate follows the creation's settings. */
    newSeed: ({ context }) => context.applying?.newSeed === true,
    /** TOOL-48: a draft of this page's tool (a draft of another tool is not put into this form). */
    draftFits: ({ context }, p: { toolKey: string }) => p.toolKey === context.tool.key,
    /** TOOL-49: a draft of this page's tool whose Generate had been pressed: 'Run it now?' asks once. */
    draftAsks: ({ context }, p: { toolKey: string; generate: boolean }) => p.toolKey === context.tool.key && p.generate,
    /** The run started follows one already working (RUNS-14). */
    following: ({ context }) => context.predictionId !== null,
  },
  delays: {
    /** TOOL-25: the page scrolls to the result 100 ms after it appears. */
    scrollDelay: 100,
  },
}).createMachine({
  id: 'toolRun',
  description: 'A tool page: fill in the form, check it, spend credits on a run and show its result or error.',
  meta: facts(toolRunFacts),
  context: ({ input }) => {
    const shape = input.shape ?? input.tool.run;
    return {
      tool: input.tool,
      shape,
      ...blankForm(input.tool, shape),
      signedIn: input.signedIn ?? false,
      credits: input.credits ?? 0,
      ...blankRun,
      resumeId: null,
      firstForm: true,
      generatePressed: false,
      collectionId: null,
      applying: null,
      newKey: input.newKey ?? (() => crypto.randomUUID()),
      random: input.random ?? Math.random,
    };
  },
  on: {
    'tool.balance': {
      actions: { type: 'setBalance', params: ({ event }) => ({ signedIn: event.signedIn, credits: event.credits }) },
    },
  },
  initial: 'form',
  states: {
    form: {
      description: 'The form, with Generate: blank or as typed, or under the red banner of a refusal or a failed run',
      meta: facts(formFacts),
      tags: ['form'],
      initial: 'idle',
      on: {
        'tool.prompt': { actions: { type: 'setPrompt', params: ({ event }) => event } },
        'tool.prompt.clear': { guard: 'hasPrompt', actions: { type: 'setPrompt', params: { prompt: '' } } },
        'tool.image': { actions: { type: 'setImage', params: ({ event }) => event } },
        'tool.poseImage': { actions: { type: 'setPoseImage', params: ({ event }) => event } },
        'tool.fileRejected': { target: '.error', actions: { type: 'refuse', params: ({ event }) => event } },
        'tool.aspect': {
          guard: { type: 'knownAspect', params: ({ event }) => event },
          actions: { type: 'setAspect', params: ({ event }) => event },
        },
        'tool.size': { actions: { type: 'setSize', params: ({ event }) => event } },
        'tool.param': {
          guard: { type: 'knownParam', params: ({ event }) => event },
          actions: { type: 'setParam', params: ({ event }) => event },
        },
        // COLLECT-6: 'Save to': the runs started from here join that collection (the server checks it is theirs).
        'tool.saveTo': {
          actions: assign({ collectionId: ({ event }) => event.collectionId }),
          meta: facts({ rules: ['COLLECT-6'] }),
        },
        // 'Use these settings' / 'New seed': the creation is read, then the form takes its settings.
        'tool.applyCreation': { target: '.applying', actions: { type: 'readCreation', params: ({ event }) => event } },
        // TOOL-47: the login dialog opened from this page: the form is kept for the tab (and whether Generate
        // was pressed on it, which opened that dialog).
        'tool.draft.keep': {
          actions: {
            type: 'keepDraft',
            params: ({ context }) => ({ draft: draftOf(context, context.generatePressed) }),
          },
          meta: facts({ rules: ['TOOL-47'] }),
        },
        'tool.draft.restore': [
          {
            guard: { type: 'draftAsks', params: ({ event }) => event },
            target: '#toolRun.form.offering',
            actions: { type: 'restoreDraft', params: ({ event }) => event },
            meta: facts({ rules: ['TOOL-48', 'TOOL-49'] }),
          },
          {
            guard: { type: 'draftFits', params: ({ event }) => event },
            target: '#toolRun.form.idle',
            actions: { type: 'restoreDraft', params: ({ event }) => event },
            meta: facts({ rules: ['TOOL-48'] }),
          },
        ],
        'tool.generate': [
          {
            guard: 'formInvalid',
            target: '.error',
            actions: {
              type: 'refuse',
              params: ({ context }) => ({ message: inputProblem(context.shape, context) ?? '' }),
            },
          },
          {
            guard: 'signedOut',
            actions: [
              assign({ generatePressed: true }),
              { type: 'keepDraft', params: ({ context }) => ({ draft: draftOf(context, true) }) },
              'requireSignIn',
            ],
            meta: facts({ rules: ['AUTH-7', 'TOOL-47'] }),
          },
          {
            guard: 'lacksCredits',
            target: '.error',
            actions: {
              type: 'refuse',
              params: ({ context }) => ({ message: notEnoughCredits(context.tool.cost, context.credits) }),
            },
          },
          { target: 'working' },
        ],
      },
      states: {
        idle: {
          description:
            'The form: prompt, upload, aspect ratio or parameters; Generate is enabled when the form is valid',
          meta: facts({ ...idleFacts, rules: ['TOOL-2', 'TOOL-11', 'TOOL-12', 'TOOL-13', 'AUTH-7'] }),
          // RUNS-14: once the page's run has left its first form, it never follows a listed run.
          exit: assign({ firstForm: false }),
          on: {
            'tool.listed': {
              guard: { type: 'follows', params: ({ event }) => event },
              target: '#toolRun.working',
              actions: { type: 'follow', params: ({ event }) => event },
              meta: facts({ rules: ['RUNS-14'] }),
            },
          },
        },
        applying: {
          description: 'Reading the creation whose settings the form takes; the result and the banner are gone',
          meta: facts({ ...applyingFacts, rules: ['CREATIONS-13', 'CREATIONS-14'] }),
          entry: 'editRun',
          exit: assign({ applying: null }),
          invoke: {
            id: 'creation',
            src: 'getCreation',
            input: ({ context }) => ({ id: context.applying?.id ?? '' }),
            onDone: [
              {
                // CREATIONS-14: the settings, then Generate (a new seed drawn by the server, charged like any run).
                guard: 'newSeed',
                target: 'idle',
                actions: [
                  { type: 'applySettings', params: ({ event }) => settingsOf(event.output) },
                  raise({ type: 'tool.generate' }),
                ],
                meta: facts({ rules: ['CREATIONS-14'] }),
              },
              {
                target: 'idle',
                actions: { type: 'applySettings', params: ({ event }) => settingsOf(event.output) },
                meta: facts({ rules: ['CREATIONS-13'] }),
              },
            ],
            // A creation gone (deleted, another account's) leaves the form as it was.
            onError: { target: 'idle', meta: facts({ rules: ['CREATIONS-13'] }) },
          },
        },
        offering: {
          description: 'A restored draft whose Generate had been pressed: Run it now? asks once, over the form',
          meta: facts({ ...offeringFacts, rules: ['TOOL-49'] }),
          tags: ['draftQuestion'],
          on: {
            'tool.draft.run': { target: 'idle', actions: raise({ type: 'tool.generate' }) },
            'tool.draft.decline': { target: 'idle' },
          },
        },
        error: {
          description: 'The red banner; the form stays as typed and Generate tries again',
          meta: facts({
            ...errorFacts,
            rules: ['TOOL-2', 'TOOL-14', 'TOOL-15', 'TOOL-27', 'TOOL-29', 'TOOL-32', 'TOOL-38'],
          }),
          tags: ['error'],
        },
      },
    },
    working: {
      description: 'Generating... N%: the call is out; the form and the aspect buttons are locked',
      meta: facts({ ...workingFacts, rules: ['TOOL-2', 'TOOL-5'] }),
      tags: ['busy'],
      entry: 'startRun',
      on: {
        'progress.tick': { actions: assign({ progress: ({ event }) => event.value }) },
        'progress.queued': { actions: assign({ queuedPlace: ({ event }) => event.place }) },
      },
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Takes the path of the tool’s call shape',
          always: [
            { guard: 'following', target: 'polling' },
            { guard: 'syncCall', target: 'single' },
            { guard: 'uploadsFirst', target: 'uploading' },
            { target: 'starting' },
          ],
        },
        single: {
          description: 'One call answers with the output; simulated progress up to 85 %',
          meta: facts({ rules: ['TOOL-33'], sees: callOutSights }),
          invoke: [
            {
              id: 'progress',
              src: 'progress',
              input: ({ context, self }) => ({
                random: context.random,
                onProgress: (value: number) => self.send({ type: 'progress.tick', value }),
              }),
            },
            {
              id: 'request',
              src: 'syncRequest',
              input: ({ context }) => requestInput(context),
              onDone: [
                {
                  guard: { type: 'gotOutput', params: ({ event }) => event.output },
                  target: '#toolRun.result',
                  actions: [
                    { type: 'showResult', params: ({ event }) => ({ output: outputOf(event.output) ?? '' }) },
                    // The run's id, when the answer carries one: the result links to it in My creations.
                    assign({ predictionId: ({ event }) => idOf(event.output) }),
                    enqueueActions(({ enqueue, event }) => takeBalance(enqueue, event.output)),
                  ],
                },
                {
                  guard: { type: 'answered', params: ({ event }) => event.output },
                  target: '#toolRun.form.error',
                  actions: [{ type: 'showError', params: { message: INVALID_RESPONSE } }, 'refreshCredits'],
                },
                {
                  target: '#toolRun.form.error',
                  actions: [{ type: 'showFailure', params: ({ event }) => event.output }, 'refreshCredits'],
                },
              ],
            },
          ],
        },
        uploading: {
          description: 'Uploading the main image, then the pose image if there is one',
          meta: facts({ rules: ['TOOL-31', 'TOOL-34'], sees: uploadSights }),
          initial: 'main',
          states: {
            main: {
              description: 'POST /api/upload with the main image',
              invoke: {
                id: 'uploadMain',
                src: 'upload',
                input: ({ context }) => ({ image: context.image ?? '', which: 'main' as const }),
                onDone: [
                  {
                    guard: 'hasPoseImage',
                    target: 'pose',
                    actions: assign({ uploaded: ({ event }) => ({ image: event.output.url, poseImage: null }) }),
                  },
                  {
                    target: '#toolRun.working.starting',
                    actions: assign({ uploaded: ({ event }) => ({ image: event.output.url, poseImage: null }) }),
                  },
                ],
                onError: {
                  target: '#toolRun.form.error',
                  actions: {
                    type: 'showError',
                    params: ({ event }) => ({ message: uploadErrorText(event.error, 'main') }),
                  },
                },
              },
            },
            pose: {
              description: 'POST /api/upload with the pose image',
              invoke: {
                id: 'uploadPose',
                src: 'upload',
                input: ({ context }) => ({ image: context.poseImage ?? '', which: 'pose' as const }),
                onDone: {
                  target: '#toolRun.working.starting',
                  actions: assign({
                    uploaded: ({ context, event }) => ({ image: context.uploaded.image, poseImage: event.output.url }),
                  }),
                },
                onError: {
                  target: '#toolRun.form.error',
                  actions: {
                    type: 'showError',
                    params: ({ event }) => ({ message: uploadErrorText(event.error, 'pose') }),
                  },
                },
              },
            },
          },
        },
        starting: {
          description: 'Starting the generation: the server reserves the cost and answers a prediction id',
          meta: facts({ rules: ['TOOL-10', 'TOOL-33', 'TOOL-34'], sees: callOutSights }),
          invoke: {
            id: 'request',
            src: 'startRequest',
            input: ({ context }) => requestInput(context),
            onDone: [
              {
                guard: { type: 'gotId', params: ({ event }) => event.output },
                target: 'polling',
                actions: [
                  assign({ predictionId: ({ event }) => idOf(event.output) }),
                  enqueueActions(({ enqueue, event }) => takeBalance(enqueue, event.output)),
                ],
              },
              {
                guard: { type: 'answered', params: ({ event }) => event.output },
                target: '#toolRun.form.error',
                actions: [{ type: 'showError', params: { message: INVALID_RESPONSE } }, 'refreshCredits'],
              },
              {
                target: '#toolRun.form.error',
                actions: [{ type: 'showFailure', params: ({ event }) => event.output }, 'refreshCredits'],
              },
            ],
          },
        },
        polling: {
          description:
            'Checking the prediction at the tool’s interval (2 s × 60, or 1 s × 180 for text); the bar follows the checks',
          meta: facts({ rules: ['TOOL-6', 'TOOL-10'], sees: statusCheckSights }),
          invoke: {
            id: 'poll',
            src: 'poll',
            input: ({ context, self }) => ({
              id: context.predictionId ?? '',
              ...(context.shape.poll ? { rule: context.shape.poll } : {}),
              onProgress: (value: number) => self.send({ type: 'progress.tick', value }),
              onQueued: (place: number | null) => self.send({ type: 'progress.queued', place }),
            }),
            onDone: [
              {
                guard: { type: 'pollSucceeded', params: ({ event }) => event.output },
                target: '#toolRun.result',
                actions: [
                  {
                    type: 'showResult',
                    params: ({ event }) => ({ output: event.output.ok ? event.output.output : '' }),
                  },
                  'refreshCredits',
                ],
              },
              {
                target: '#toolRun.form.error',
                actions: [{ type: 'showFailure', params: ({ event }) => event.output }, 'refreshCredits'],
              },
            ],
          },
        },
      },
    },
    result: {
      description:
        'The result with Generate Another (Restore / Process Another), Run again, Edit, Download or Copy, Share, and its link',
      meta: facts({ ...resultFacts, rules: ['TOOL-2', 'TOOL-3', 'TOOL-4', 'TOOL-25', 'TOOL-41', 'CREDITS-4'] }),
      tags: ['result'],
      after: { scrollDelay: { actions: 'scrollToResult' } },
      on: {
        'tool.reset': { target: 'form.idle', actions: 'clearRun', meta: facts({ rules: ['TOOL-3', 'TOOL-39'] }) },
        'tool.edit': { target: 'form.idle', actions: 'editRun', meta: facts({ rules: ['TOOL-43'] }) },
        // TOOL-48: 'Back to {tool}' while the page shows a result: the form takes the draft, as Edit shows a form.
        'tool.draft.restore': [
          {
            guard: { type: 'draftAsks', params: ({ event }) => event },
            target: '#toolRun.form.offering',
            actions: { type: 'restoreDraft', params: ({ event }) => event },
            meta: facts({ rules: ['TOOL-48', 'TOOL-49'] }),
          },
          {
            guard: { type: 'draftFits', params: ({ event }) => event },
            target: '#toolRun.form.idle',
            actions: { type: 'restoreDraft', params: ({ event }) => event },
            meta: facts({ rules: ['TOOL-48'] }),
          },
        ],
        // 'Use these settings' while a result shows: back to the form, as Edit, with that run's settings.
        'tool.applyCreation': {
          target: 'form.applying',
          actions: { type: 'readCreation', params: ({ event }) => event },
        },
        // The same form once more: no seed is sent, so the server draws a new one; charged again.
        'tool.runAgain': [
          {
            guard: 'lacksCredits',
            target: 'form.error',
            actions: {
              type: 'refuse',
              params: ({ context }) => ({ message: notEnoughCredits(context.tool.cost, context.credits) }),
            },
            meta: facts({ rules: ['TOOL-43'] }),
          },
          { target: 'working', meta: facts({ rules: ['TOOL-43'] }) },
        ],
      },
    },
  },
});

export type ToolRunMachine = typeof toolRunMachine;
