/** The runs tray's examples: a run as GET /api/runs lists it, working, finished, failed, canceled. */
import type { FlowExamples } from '../shared/examples';
import type { Run } from './runs.types';

export const run = (id: string, extra: Partial<Run> = {}): Run => ({
  id,
  toolKey: 'text-to-image',
  prompt: 'a lighthouse at dusk',
  status: 'processing',
  progress: null,
  position: null,
  cost: 8,
  refunded: 0,
  error: null,
  createdAt: '2026-11-23T12:00:00.000Z',
  finishedAt: null,
  output: null,
  ...extra,
});

/** r1 still being made. */
export const working = [run('r1')];

/** r1 has finished. */
export const finished = [
  run('r1', { status: 'succeeded', finishedAt: '2026-11-23T12:00:05.000Z', output: '/files/outputs/r1.png' }),
];

/** r1 has failed, its credits returned. */
export const failed = [
  run('r1', { status: 'failed', error: 'The provider failed', refunded: 8, finishedAt: '2026-11-23T12:00:05.000Z' }),
];

/** r1 canceled by the person. */
export const canceled = run('r1', {
  status: 'canceled',
  error: 'You canceled this run. Its credits have been returned.',
  refunded: 8,
  finishedAt: '2026-11-23T12:00:05.000Z',
});

export const examples: FlowExamples = {
  inputs: { runs: { permission: 'default' } },
  answers: { listRuns: working, cancelRun: canceled },
};
