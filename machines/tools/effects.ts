/**
 * The one place a tool run gets its effects: the lifecycle's own (upload, waitForResult, the
 * credit and scroll actions) and its children's (generateSync and startGeneration for the two
 * request machines, fetchPrediction for the poll machine). The app calls it with the real API;
 * tests and the flows viewer call it with fakes.
 */
import type { ActorLogic, AnyEventObject, PromiseSnapshot } from 'xstate';
import { toolPollMachine } from './tool-poll.machine';
import { toolRequestMachine } from './tool-request.machine';
import { toolRunMachine } from './tool-run.machine';
import type {
  CallAnswer,
  CallInput,
  PredictionAnswer,
  UploadAnswer,
  UploadInput,
  WaitAnswer,
  WaitInput,
} from './tool-run.types';

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
  /** Text, code, image-to-text: wait for the result by id, calling input.onProgress. */
  waitForResult: Effect<WaitAnswer, WaitInput>;
  requireSignIn: () => void;
  creditsChanged: (credits: number) => void;
  refreshCredits: () => void;
  scrollToResult: () => void;
}

export function withToolEffects(effects: ToolEffects) {
  return toolRunMachine.provide({
    actors: {
      syncRequest: toolRequestMachine.provide({ actors: { attempt: effects.generateSync } }),
      startRequest: toolRequestMachine.provide({ actors: { attempt: effects.startGeneration } }),
      poll: toolPollMachine.provide({ actors: { fetchPrediction: effects.fetchPrediction } }),
      upload: effects.upload,
      waitForResult: effects.waitForResult,
    },
    actions: {
      requireSignIn: () => effects.requireSignIn(),
      creditsChanged: (_, params: { credits: number }) => effects.creditsChanged(params.credits),
      refreshCredits: () => effects.refreshCredits(),
      scrollToResult: () => effects.scrollToResult(),
    },
  });
}
