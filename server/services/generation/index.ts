/**
 * Generation, by subject: input.ts prepares a run's input, run.ts is a run's start (reserve and send its job;
 * idempotent replays), launch.ts the account's places (MAX_CONCURRENT_RUNS), the queue's claim and the `run`
 * job (provider work, outputs stored, refund), ending.ts a run's one end and refund, in-flight.ts the runs this
 * process is working, prediction.ts the stored row and its answer, batch.ts a batch of prompts, runs.ts the
 * tray's list and cancel, refine.ts an Upscale 2× or a Vary of a creation (REFINE).
 */
export { prepareInput, toolForStart, type GenerationRequest, type PreparedInput } from './input';
export { createRunsInFlight, type RunsInFlight } from './in-flight';
export {
  getPrediction,
  predictionFor,
  restartedMessage,
  timedOutMessage,
  toPredictionAnswer,
  type PredictionRow,
} from './prediction';
export {
  endOf,
  generateImage,
  idempotencyMismatchMessage,
  requestHash,
  runTimedOutAnswer,
  startGeneration,
  startPrediction,
  type Idempotency,
  type RunEnd,
  type StartedRun,
} from './run';
export { endPrediction } from './ending';
export { endAbandonedRun, executeRun, fillPlaces, tooManyRunsMessage } from './launch';
export { batchCostMessage, startBatch, type BatchRequest } from './batch';
export { cancelRun, listRuns } from './runs';
export { startRefine, varyStrengths, type Refinement, type VaryStrength } from './refine';
