/**
 * The runs tray's notices (RUNS-9, RUNS-21 to RUNS-23): the REAL machine with test effects and short named
 * delays — a batch told once when all its runs have ended, nothing for runs a page in view shows, and
 * notices that close by themselves unless held by the pointer or the focus.
 */
import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, fromPromise } from 'xstate';
import { runsMachine } from '../../src/flows/runs/runs.machine';
import { noticeText, type NotifyPermission, type Run, type RunNotice } from '../../src/flows/runs/runs.types';
import { run } from '../../src/flows/runs/runs.examples';
import { twoEnded } from '../../src/flows/tools/tools.examples';
import { showOnPage } from '../../src/flows/tools/tool-run.effects';

const done = (id: string, extra: Partial<Run> = {}) =>
  run(id, {
    status: 'succeeded',
    output: `/files/outputs/${id}.png`,
    finishedAt: '2026-11-23T12:00:05.000Z',
    ...extra,
  });

/** The tray with each read answering the next list of `reads` (the last one again once they are used up). */
function trayWith(reads: Run[][], noticeDelay = 50) {
  const told: RunNotice[][] = [];
  const logic = runsMachine.provide({
    actors: {
      listRuns: fromPromise<readonly Run[]>(async () => (reads.length > 1 ? reads.shift()! : reads[0]!)),
      cancelRun: fromPromise<unknown, { id: string }>(async () => ({})),
      askPermission: fromPromise<NotifyPermission>(async () => 'granted'),
    },
    actions: { notify: (_, { notices }) => told.push([...notices]) },
    // Reads only when asked: the pause between reads is longer than any test.
    delays: { refreshInterval: 60_000, noticeDelay },
  });
  const actor = createActor(logic, { input: { permission: 'default' } }).start();
  actor.send({ type: 'session.signedIn' });
  return { actor, told };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const texts = (actor: ReturnType<typeof trayWith>['actor']) => actor.getSnapshot().context.notices.map(noticeText);

describe('a batch in the notices', () => {
  it('RUNS-22: one notice for the batch once all its runs have ended, with its count and first picture', async () => {
    const working = [run('b1'), run('b2')];
    const { actor, told } = trayWith([[], working, [done('b1'), run('b2')], [done('b1'), done('b2')]], 60_000);
    await settle();
    actor.send({ type: 'runs.batch', ids: ['b1', 'b2'] });
    await settle();
    // The page that started it is left: its runs no longer show there.
    actor.send({ type: 'runs.unshown', ids: ['b1', 'b2'] });
    actor.send({ type: 'runs.refresh' });
    await settle();
    // One run of two has ended: no notice yet.
    expect(texts(actor)).toEqual([]);
    actor.send({ type: 'runs.refresh' });
    await settle();
    expect(texts(actor)).toEqual(['Text to Image: 2 of 2 finished']);
    const [notice] = actor.getSnapshot().context.notices;
    expect(notice!.batch).toEqual({
      total: 2,
      succeeded: 2,
      failed: 0,
      canceled: 0,
      thumbnail: '/files/outputs/b1.png',
    });
    // The browser is told the same, once.
    expect(told.map((n) => n.map(noticeText))).toEqual([['Text to Image: 2 of 2 finished']]);
    expect(actor.getSnapshot().context.batches).toEqual([]);
  });

  it('RUNS-22: the failed and canceled runs are counted after it; the picture is the first finished one', async () => {
    const { actor } = trayWith([[], [...twoEnded, done('b3', { status: 'canceled', output: null })]], 60_000);
    await settle();
    actor.send({ type: 'runs.batch', ids: ['b2', 'b1', 'b3'] });
    actor.send({ type: 'runs.unshown', ids: ['b2', 'b1', 'b3'] });
    await settle();
    expect(texts(actor)).toEqual(['Text to Image: 1 of 3 finished, 1 failed, 1 canceled']);
    expect(actor.getSnapshot().context.notices[0]!.batch?.thumbnail).toBe('/files/outputs/b1.png');
  });

  it('RUNS-21: a batch whose page is in view ends without a notice; another run still gets its own', async () => {
    const { actor, told } = trayWith([[run('t1')], [done('b1'), done('b2'), done('t1')]], 60_000);
    await settle();
    actor.send({ type: 'runs.batch', ids: ['b1', 'b2'] });
    await settle();
    expect(texts(actor)).toEqual(['Text to Image finished']);
    expect(told.map((n) => n.map((x) => x.id))).toEqual([['t1']]);
    // Told nothing of the batch later either: it was shown, once.
    actor.send({ type: 'runs.unshown', ids: ['b1', 'b2'] });
    actor.send({ type: 'runs.refresh' });
    await settle();
    expect(actor.getSnapshot().context.notices.map((n) => n.id)).toEqual(['t1']);
  });
});

/** A tool page's run as the tray sees it: its prediction's id, and whether it still works. */
const pageRun = () =>
  createActor(
    createMachine({
      types: {} as { context: { predictionId: string | null }; events: { type: 'started'; id: string } | { type: 'ended' } },
      context: { predictionId: null },
      initial: 'form',
      states: {
        form: { on: { started: { target: 'working', actions: assign({ predictionId: ({ event }) => event.id }) } } },
        working: { on: { ended: 'result' } },
        result: {},
      },
    }),
  ).start();

describe('a single run on its tool page', () => {
  it('RUNS-21: a run started on the page in view ends there: no notice while the page shows it', async () => {
    const { actor, told } = trayWith([[], [done('t1')]], 60_000);
    await settle();
    const run = pageRun();
    const leave = showOnPage({ get: () => actor }, run as never);
    run.send({ type: 'started', id: 't1' });
    actor.send({ type: 'runs.refresh', started: 't1' });
    await settle();
    run.send({ type: 'ended' });
    leave();
    expect(texts(actor)).toEqual([]);
    expect(told).toEqual([]);
  });

  it('RUNS-21: once its page is left, the run still working ends in a notice; opened again, it shows there', async () => {
    const { actor } = trayWith([[], [run('t1')], [done('t1')]], 60_000);
    await settle();
    const page = pageRun();
    let leave = showOnPage({ get: () => actor }, page as never);
    page.send({ type: 'started', id: 't1' });
    actor.send({ type: 'runs.refresh', started: 't1' });
    await settle();
    expect(actor.getSnapshot().context.shown).toEqual(['t1']);
    leave();
    expect(actor.getSnapshot().context.shown).toEqual([]);
    // Opened again while t1 works: shown there once more.
    leave = showOnPage({ get: () => actor }, page as never);
    expect(actor.getSnapshot().context.shown).toEqual(['t1']);
    leave();
    actor.send({ type: 'runs.refresh' });
    await settle();
    expect(texts(actor)).toEqual(['Text to Image finished']);
  });

  it('RUNS-21: a start the page left before its answer was never shown, and ends in a notice', async () => {
    const { actor } = trayWith([[], [done('t1')]], 60_000);
    await settle();
    const page = pageRun();
    showOnPage({ get: () => actor }, page as never)();
    page.send({ type: 'started', id: 't1' });
    actor.send({ type: 'runs.refresh', started: 't1' });
    await settle();
    expect(texts(actor)).toEqual(['Text to Image finished']);
  });
});

describe('notices that close by themselves', () => {
  it('RUNS-23: a notice closes after the named delay; held by the pointer or the focus it stays, then closes after a full pause', async () => {
    vi.useFakeTimers();
    try {
      const { actor } = trayWith([[run('r1')], [done('r1')]], 6_000);
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'runs.refresh' });
      await vi.advanceTimersByTimeAsync(0);
      expect(texts(actor)).toEqual(['Text to Image finished']);
      await vi.advanceTimersByTimeAsync(5_000);
      actor.send({ type: 'runs.notice.hold' });
      await vi.advanceTimersByTimeAsync(20_000);
      expect(texts(actor)).toEqual(['Text to Image finished']);
      actor.send({ type: 'runs.notice.release' });
      await vi.advanceTimersByTimeAsync(5_900);
      expect(texts(actor)).toEqual(['Text to Image finished']);
      await vi.advanceTimersByTimeAsync(200);
      expect(texts(actor)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('RUNS-23: a notice that comes later starts the pause again, so it shows a full pause too', async () => {
    vi.useFakeTimers();
    try {
      const { actor } = trayWith(
        [
          [run('r1'), run('r2')],
          [done('r1'), run('r2')],
          [done('r1'), done('r2')],
        ],
        6_000,
      );
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'runs.refresh' });
      await vi.advanceTimersByTimeAsync(4_000);
      actor.send({ type: 'runs.refresh' });
      await vi.advanceTimersByTimeAsync(4_000);
      // 8 s after the first notice, 4 s after the second: both still show.
      expect(actor.getSnapshot().context.notices.map((n) => n.id)).toEqual(['r2', 'r1']);
      await vi.advanceTimersByTimeAsync(2_100);
      expect(texts(actor)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
