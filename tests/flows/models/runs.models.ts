/** Flow model of the runs tray: sign-in, the reads while a run is active, Cancel, notices, Notify me, sign-out. */
import { fromCallback } from 'xstate';
import { pageRunsMachine, type PageRunsContext } from '../../../src/flows/runs/page-runs.machine';
import { runsMachine } from '../../../src/flows/runs/runs.machine';
import type { RunsContext } from '../../../src/flows/runs/runs.types';
import { defineModel } from '../model-paths';
import { serverError, silentError } from './fixtures';
import { working, finished, failed, canceled } from '../../../src/flows/runs/runs.examples';

/** What decides the path: whether r1 is listed and active, the notices, the permission, a cancel in flight. */
const key = (c: RunsContext) => [
  c.runs.map((r) => r.status).join(),
  c.notices.length,
  c.permission,
  c.canceling,
  c.error !== null,
  Object.keys(c.started).length > 0,
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
    // RUNS-21, RUNS-22: a batch of one run (r1) started and shown on its page, then the page left (or t1's page).
    'runs.batch': [{ type: 'runs.batch', ids: ['r1'] }],
    'runs.unshown': [
      { type: 'runs.unshown', ids: ['r1'] },
      { type: 'runs.unshown', ids: ['t1'] },
    ],
    // RUNS-21: Text Generation opened again while its run t1 works shows it there.
    'runs.shown': [{ type: 'runs.shown', ids: ['t1'] }],
    // RUNS-23: the pointer or the focus on the notices, and off them again.
    'runs.notice.hold': [{ type: 'runs.notice.hold' }],
    'runs.notice.release': [{ type: 'runs.notice.release' }],
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
