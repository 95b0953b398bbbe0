/** Flow model of the runs tray: sign-in, the reads while a run is active, Cancel, notices, Notify me, sign-out. */
import { fromCallback } from 'xstate';
import { pageRunsMachine, type PageRunsContext } from '../../../src/flows/runs/page-runs.machine';
import { runsMachine } from '../../../src/flows/runs/runs.machine';
import type { Run, RunsContext } from '../../../src/flows/runs/runs.types';
import { defineModel } from '../model-paths';
import { serverError, silentError } from './fixtures';

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

/** What decides the path: whether r1 is listed and active, the notices, the permission, a cancel in flight. */
const key = (c: RunsContext) => [
  c.runs.map((r) => r.status).join(),
  c.notices.map((n) => n.status).join(),
  c.permission,
  c.canceling,
  c.error !== null,
  Object.keys(c.started).join(),
];

export const runsModel = defineModel({
  machine: runsMachine,
  input: { permission: 'default' },
  events: {
    'session.signedIn': [{ type: 'session.signedIn' }],
    'session.signedOut': [{ type: 'session.signedOut' }],
    // Try again (no run named), and a tool page's start of t1 (the tray watches it until it has ended).
    'runs.refresh': [{ type: 'runs.refresh' }, { type: 'runs.refresh', started: 't1' }],
    'runs.cancel': [
      { type: 'runs.cancel', id: 'r1' },
      { type: 'runs.cancel', id: 'unknown' },
    ],
    'runs.notice.dismiss': [{ type: 'runs.notice.dismiss', id: 'r1' }],
    'runs.notify.allow': [{ type: 'runs.notify.allow' }],
  },
  actors: {
    loadRuns: { done: [working, []], error: [serverError('Database unavailable'), silentError] },
    refreshRuns: { done: [working, finished, failed], error: [silentError] },
    cancelRun: { done: [canceled], error: [serverError('This run has already finished.', { status: 409 })] },
    askPermission: { done: ['granted', 'denied'], error: [new Error('not allowed')] },
  },
  context: key,
});

/** A tool page's run as the keeper spawns it (the keeper runs whatever logic the page sends). */
const pageRun = fromCallback(() => () => {});

const openPage = (key: string) => ({ type: 'pageRuns.open' as const, key, logic: pageRun, input: { key } });

/** Flow model of the tool pages' runs: pages opened and reopened, signed in and out. */
export const pageRunsModel = defineModel({
  machine: pageRunsMachine,
  events: {
    'pageRuns.open': [openPage('text-to-image'), openPage('text-to-video')],
    'session.signedIn': [{ type: 'session.signedIn' }],
    'session.signedOut': [{ type: 'session.signedOut' }],
  },
  context: (c: PageRunsContext) => c.open,
});
