/**
 * Generation, by subject: input.ts prepares a run's input, run.ts is a run's life (reserve, run, store,
 * refund; idempotent replays), sweeps.ts ends and recovers runs (deadline sweeper, leases, recovery),
 * in-flight.ts holds an instance's runs going, prediction.ts the stored row and its answer.
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
