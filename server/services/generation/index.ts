/**
 * Generation, by subject: input.ts prepares a run's input, run.ts is a run's life (reserve, run, store,
 * refund; idempotent replays), sweeps.ts ends and recovers runs (deadline sweeper, leases, recovery),
 * in-flight.ts holds an instance's runs going, prediction.ts the stored row and its answer, launch.ts a
 * run's provider work, the account's places (MAX_CONCURRENT_RUNS) and the queue's claim, batch.ts a batch
 * of prompts, runs.ts the tray's list and cancel.
 */
export { prepareInput, toolForEndpoint, type GenerationRequest, type PreparedInput } from './input';
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
export { endPrediction, LEASE_MS, recoverPredictions, renewLeases, sweepPredictions } from './sweeps';
export { startAllQueued, startQueued, tooManyRunsMessage } from './launch';
export { batchCostMessage, startBatch, type BatchRequest } from './batch';
export { cancelRun, listRuns } from './runs';
