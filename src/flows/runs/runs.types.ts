/**
 * The runs tray's context, events and notices (RUNS-7 to RUNS-11): the account's runs as GET /api/runs
 * last answered them, the notices of runs that ended since, and what the browser allows of notifications.
 */
import type { Run } from '../../api/schemas';
import { tools } from '../../catalog/tools';
import { isActive } from '../shared/run-status';

export type { Run };

/** What the browser allows: asked only from a click on "Notify me" (RUNS-10); 'unsupported' without the API. */
export type NotifyPermission = 'default' | 'granted' | 'denied' | 'unsupported';

/**
 * An in-app notice (RUNS-9): a run that was queued or in progress at the previous read and has ended
 * at this one, or a cancel the server refused (`status` is then the run's, still active, and `message`
 * the server's answer).
 */
export interface RunNotice {
  id: string;
  toolKey: string;
  /** The tool's title in the catalogue (its key when the catalogue no longer has it). */
  title: string;
  status: Run['status'];
  message: string | null;
  /** Credits given back (a failed or canceled run). */
  refunded: number;
  /** RUNS-22: the notice of a whole batch (one for its runs), with how each ended and its first picture. */
  batch?: BatchTally;
}

/** RUNS-22: how a batch's runs ended, and the first picture among them (the notice's thumbnail). */
export interface BatchTally {
  total: number;
  succeeded: number;
  failed: number;
  canceled: number;
  thumbnail: string | null;
}

/** RUNS-22: the runs of one batch a tool page started, in its order; one notice tells of them all once all have ended. */
export interface RunBatch {
  ids: readonly string[];
}

export interface RunsInput {
  /** What the browser allows at start (read, never asked: RUNS-10). */
  permission?: NotifyPermission;
}

export interface RunsContext {
  /** The runs of the last read, newest first (RUNS-5). */
  runs: readonly Run[];
  notices: readonly RunNotice[];
  permission: NotifyPermission;
  /** The run being canceled. */
  canceling: string | null;
  /** A failed first read's message (the tray's Try again). */
  error: string | null;
  /**
   * RUNS-9: the runs a tool page of this app started that no read has shown ended yet, each with the reads
   * that did not list it: a run that ends before any read saw it working still gets its notice.
   */
  started: Readonly<Record<string, number>>;
  /** RUNS-21: the runs a page in view shows (a batch's tiles, a tool page's run): their end is shown there, never as a notice. */
  shown: readonly string[];
  /** RUNS-22: the batches started here whose notice is still to come. */
  batches: readonly RunBatch[];
  /** RUNS-23: a notice came since the close timer last started: it starts again, so each notice shows a full pause. */
  fresh: boolean;
}

export type RunsEvent =
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  /** Read the runs now; `started`: the id of the run a tool page has just started (RUNS-7, RUNS-9). */
  | { type: 'runs.refresh'; started?: string }
  /**
   * RUNS-21, RUNS-22: a tool page started a batch and shows its runs: they are read at once and watched, their
   * end is no notice while they show, and one notice tells of them all.
   */
  | { type: 'runs.batch'; ids: readonly string[] }
  /** RUNS-21: a tool page in view shows this run (its own single run): its end is told there, not in a notice. */
  | { type: 'runs.shown'; ids: readonly string[] }
  /** RUNS-21: the page that showed these runs is gone: their end is told again. */
  | { type: 'runs.unshown'; ids: readonly string[] }
  /** RUNS-23: the pointer or the focus is on the notices (hold), or has left them (release). */
  | { type: 'runs.notice.hold' }
  | { type: 'runs.notice.release' }
  | { type: 'runs.cancel'; id: string }
  | { type: 'runs.notice.dismiss'; id: string }
  | { type: 'runs.notify.allow' };

/** A run still waiting or being made (Cancel is offered on it). */
export { isActive };

const toolOfKey = (key: string) => tools.find((t) => t.key === key);

/** The catalogue title of a tool key. */
export const toolTitle = (key: string): string => toolOfKey(key)?.title ?? key;

/** A notice about `run` (its status, the server's message or `message`, its refund). */
export const noticeOf = (run: Run, message: string | null = run.error): RunNotice => ({
  id: run.id,
  toolKey: run.toolKey,
  title: toolTitle(run.toolKey),
  status: run.status,
  message,
  refunded: run.refunded,
});

/** RUNS-9: the runs active in `before`, or started here since, that have ended in `after`, as notices. */
export function endedSince(
  before: readonly Run[],
  after: readonly Run[],
  started: Readonly<Record<string, number>> = {},
): RunNotice[] {
  const wasActive = new Set([...before.filter(isActive).map((r) => r.id), ...Object.keys(started)]);
  return after.filter((r) => wasActive.has(r.id) && !isActive(r)).map((r) => noticeOf(r));
}

/**
 * RUNS-21, RUNS-22: the notices of a read. A run a page in view shows ends there, not in a notice; a run of a
 * batch is told with its batch, once every run of it has ended (none when the batch is shown on its page).
 */
export function noticesOf(context: Pick<RunsContext, 'runs' | 'started' | 'shown' | 'batches'>, after: readonly Run[]) {
  const ended = endedSince(context.runs, after, context.started);
  const inBatch = new Set(context.batches.flatMap((b) => b.ids));
  const shown = new Set(context.shown);
  const single = ended.filter((n) => !inBatch.has(n.id) && !shown.has(n.id));
  const endedIds = new Set(ended.map((n) => n.id));
  const batches = context.batches.filter((b) => b.ids.some((id) => endedIds.has(id)) && batchEnded(b, after));
  const told = batches.filter((b) => !b.ids.some((id) => shown.has(id))).map((b) => batchNotice(b, after));
  return { notices: [...told, ...single], closed: batches };
}

/** RUNS-22: every run of the batch is listed, and none is still queued or in progress. */
const batchEnded = (batch: RunBatch, runs: readonly Run[]) =>
  batch.ids.every((id) => runs.some((r) => r.id === id && !isActive(r)));

/** RUNS-22: one notice for a batch whose runs have all ended: how many finished, failed, were canceled. */
export function batchNotice(batch: RunBatch, runs: readonly Run[]): RunNotice {
  const own = batch.ids.map((id) => runs.find((r) => r.id === id)!);
  const count = (status: Run['status']) => own.filter((r) => r.status === status).length;
  const first = own[0]!;
  const tally: BatchTally = {
    total: own.length,
    succeeded: count('succeeded'),
    failed: count('failed'),
    canceled: count('canceled'),
    thumbnail: own.map(runThumbnail).find((t) => t !== null) ?? null,
  };
  return {
    ...noticeOf(first, null),
    id: `batch:${first.id}`,
    status: tally.succeeded > 0 ? 'succeeded' : tally.failed > 0 ? 'failed' : 'canceled',
    refunded: own.reduce((sum, r) => sum + r.refunded, 0),
    batch: tally,
  };
}

/** RUNS-22: the runs of a batch, said together ('6 of 6 finished', '5 of 6 finished, 1 failed'). */
export function tallyText({ total, succeeded, failed, canceled }: BatchTally): string {
  const rest = [...(failed > 0 ? [`${failed} failed`] : []), ...(canceled > 0 ? [`${canceled} canceled`] : [])];
  return [`${succeeded} of ${total} finished`, ...rest].join(', ');
}

/**
 * The started runs still to watch after a read: those it lists as working, and those it does not list yet
 * (a read already out when the run started) for one more read.
 */
export function stillStarted(started: Readonly<Record<string, number>>, after: readonly Run[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, missed] of Object.entries(started)) {
    const run = after.find((r) => r.id === id);
    if (run ? isActive(run) : missed < 1) out[id] = run ? 0 : missed + 1;
  }
  return out;
}

/** New notices over the old: one per run, the newest first. */
export const addNotices = (old: readonly RunNotice[], fresh: readonly RunNotice[]): RunNotice[] => [
  ...fresh,
  ...old.filter((n) => !fresh.some((f) => f.id === n.id)),
];

/** What a notice says (the live region and the browser notification). */
export function noticeText(notice: RunNotice): string {
  if (notice.batch) return `${notice.title}: ${tallyText(notice.batch)}`;
  if (notice.status === 'succeeded') return `${notice.title} finished`;
  if (notice.status === 'failed') return `${notice.title} failed: ${notice.message ?? 'Generation failed'}`;
  if (notice.status === 'canceled') return `${notice.title} canceled`;
  // A cancel the server refused: the run is as it was, and the message says why.
  return `${notice.title}: ${notice.message ?? ''}`;
}

/** RUNS-8: a finished image run's picture (the first of its files), shown as the row's thumbnail; null otherwise. */
export function runThumbnail(run: Run): string | null {
  if (run.status !== 'succeeded' || toolOfKey(run.toolKey)?.output !== 'image') return null;
  const first = Array.isArray(run.output) ? run.output[0] : run.output;
  return first || null;
}

/**
 * RUNS-8: how far a working run is, for its bar: a percentage when the provider reports one, 'unknown' while it
 * works without one (the bar says it is working, not how far), null when no bar shows (queued or ended).
 */
export function runProgress(run: Run): number | 'unknown' | null {
  if (run.status !== 'starting' && run.status !== 'processing') return null;
  return run.progress === null ? 'unknown' : Math.min(100, Math.max(0, Math.round(run.progress)));
}

/** RUNS-25: an English ordinal, '1st', '2nd', '3rd', '4th', '11th', '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A span of time in words: '8 s', '2 min 5 s', '1 h 3 min'. */
export function spanWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** RUNS-8: the time a run has waited or worked until `now` ('Working for 12 s'), or took once ended ('Took 8 s'). */
export function runTime(run: Run, now: number): string {
  const from = Date.parse(run.createdAt);
  if (Number.isNaN(from)) return '';
  if (!isActive(run)) return run.finishedAt ? `Took ${spanWords(Date.parse(run.finishedAt) - from)}` : '';
  return `${run.status === 'queued' ? 'Waiting' : 'Working'} for ${spanWords(now - from)}`;
}
