/**
 * The one place a tool run gets its effects: the lifecycle's own (upload, the credit and scroll
 * actions) and its children's (generateSync and startGeneration for the two
 * request machines, fetchPrediction for the poll machine). The app's flow (tool-run.effects.ts, built
 * by defineFlow) takes `toolRunImplementations` with the real API; tests call `withToolEffects` with fakes.
 */
import type { ActorLogic, AnyEventObject, PromiseSnapshot } from 'xstate';
import { toolPollMachine } from './tool-poll.machine';
import { toolProgressMachine } from './tool-progress.machine';
import { toolRequestMachine } from './tool-request.machine';
import { toolRunMachine } from './tool-run.machine';
import type {
  CallAnswer,
  CallInput,
  CreationAnswer,
  PredictionAnswer,
  UploadAnswer,
  UploadInput,
} from './tool-run.types';
import type { ToolDraft } from './draft';

/** A promise effect (fromPromise(({ input, signal }) => …)): `signal` aborts when the run stops. */
type Effect<Output, Input> = ActorLogic<PromiseSnapshot<Output, Input>, AnyEventObject, Input>;

export interface ToolEffects {
  /** POST /api/generate/image (sync tools) with the Idempotency-Key header. */
  generateSync: Effect<CallAnswer, CallInput>;
  /** POST /api/generate or the tool's endpoint; answers {id, credits?}. */
  startGeneration: Effect<CallAnswer, CallInput>;
  /** GET /api/prediction/{id}. */
  fetchPrediction: Effect<PredictionAnswer, { id: string }>;
  /** POST /api/upload {image}. */
  upload: Effect<UploadAnswer, UploadInput>;
  /** GET /api/creations/{id}: the creation whose settings the form takes (CREATIONS-13). */
  getCreation: Effect<CreationAnswer, { id: string }>;
  requireSignIn: () => void;
  /** TOOL-47: keep the form for the tab while the login dialog is open. */
  keepDraft: (draft: ToolDraft) => void;
  creditsChanged: (credits: number) => void;
  refreshCredits: () => void;
  scrollToResult: () => void;
}

/**
 * Named delays (ms) to put in place of the machines' own, by machine id; empty unless a path test
 * shortens them (src/app/test-hooks.ts). The machines keep their values otherwise.
 */
export interface ToolDelays {
  toolRun?: Record<string, number>;
  toolRequest?: Record<string, number>;
  toolPoll?: Record<string, number>;
  toolProgress?: Record<string, number>;
}

/** What `toolRunMachine.provide` takes for these effects: its children get theirs here too. */
export type ToolRunImplementations = Parameters<typeof toolRunMachine.provide>[0];

/** The run's implementations: its own actions and actors, its children given their effects and delays. */
export function toolRunImplementations(effects: ToolEffects, delays: ToolDelays = {}): ToolRunImplementations {
  return {
    actors: {
      progress: toolProgressMachine.provide({ delays: delays.toolProgress ?? {} }),
      syncRequest: toolRequestMachine.provide({
        actors: { attempt: effects.generateSync },
        delays: delays.toolRequest ?? {},
      }),
      startRequest: toolRequestMachine.provide({
        actors: { attempt: effects.startGeneration },
        delays: delays.toolRequest ?? {},
      }),
      poll: toolPollMachine.provide({
        actors: { fetchPrediction: effects.fetchPrediction },
        delays: delays.toolPoll ?? {},
      }),
      upload: effects.upload,
      getCreation: effects.getCreation,
    },
    actions: {
      requireSignIn: () => effects.requireSignIn(),
      keepDraft: (_, params: { draft: ToolDraft }) => effects.keepDraft(params.draft),
      creditsChanged: (_, params: { credits: number }) => effects.creditsChanged(params.credits),
      refreshCredits: () => effects.refreshCredits(),
      scrollToResult: () => effects.scrollToResult(),
    },
    delays: delays.toolRun ?? {},
  };
}

/** The run with these effects (tests, the property checks): the machine side, without an app. */
export function withToolEffects(effects: ToolEffects, delays: ToolDelays = {}) {
  return toolRunMachine.provide(toolRunImplementations(effects, delays));
}
