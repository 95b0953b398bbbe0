/**
 * The runs tray (RUNS-7 to RUNS-11), loaded by the shell after the first paint and only when signed in:
 * a "Runs" button (with the number of runs queued or in progress) that opens a panel listing the
 * account's runs newest first, and the notices of runs that ended, in a polite live region outside the
 * panel. What it shows is the runs actor of the app's system (src/flows/runs/runs.machine.ts).
 */
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Run } from '../../api/schemas';
import { useApp } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import { runsStart } from '../../app/runs';
import { isActive, noticeText, toolTitle, type RunNotice } from '../../flows/runs/runs.types';
import { systemIds, type RunsActor } from '../../app/app.machine';
import * as styles from './RunsTray.css';
import { creditsReturned } from '../../flows/tools/errors';

/**
 * The runs tray of the signed-in account; undefined until it has started (its logic loads at the first
 * sign-in: src/app/app.machine.ts).
 */
function useRuns(): RunsActor | undefined {
  return useSelector(useApp(), (s) => (s.children as Record<string, unknown>)[systemIds.runs] as RunsActor | undefined);
}

/** The longest prompt a row shows in full; longer ones are cut with an ellipsis. */
const PROMPT_CHARS = 120;

const stateWords: Record<Run['status'], string> = {
  queued: 'Queued',
  starting: 'Starting',
  processing: 'In progress',
  succeeded: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** What a run's state line says: its progress, its place in the queue, or its state (RUNS-4). */
export function runState(run: Run): string {
  if (run.status === 'queued') return run.position ? `Queued · place ${run.position}` : 'Queued';
  if (isActive(run) && run.progress !== null) return `${Math.round(run.progress)}%`;
  return stateWords[run.status];
}

const truncate = (text: string) => (text.length > PROMPT_CHARS ? `${text.slice(0, PROMPT_CHARS - 1)}…` : text);

/**
 * The tray's part the shell places: the Runs button with its panel (in the desktop header and the phone's
 * top bar) or the notices (beside the content). The tray's logic loads at the sign-in, beside this view:
 * nothing shows until it has started.
 */
export default function RunsTray({ part }: { part: 'button' | 'notices' }) {
  const app = useApp();
  const runs = useRuns();
  useEffect(() => {
    if (!runs) app.send({ type: 'app.runs.load', start: runsStart });
  }, [app, runs]);
  if (!runs) return null;
  return part === 'button' ? <Tray runs={runs} /> : <Notices runs={runs} />;
}

function Tray({ runs }: { runs: RunsActor }) {
  const active = useSelector(runs, (s) => s.context.runs.filter(isActive).length);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${buttons.button.secondary} ${buttons.small}`}
        aria-label={active > 0 ? `Runs, ${active} active` : 'Runs'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Runs
        {active > 0 ? (
          <span className={styles.count} aria-hidden="true">
            {active}
          </span>
        ) : null}
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent title="Runs" className={styles.panel} closeLabel="Close runs">
            <Panel actor={runs} onLeave={() => setOpen(false)} />
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

function Panel({ actor, onLeave }: { actor: RunsActor; onLeave: () => void }) {
  const list = useSelector(actor, (s) => s.context.runs);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches({ signedIn: { list: 'failed' } }));
  const error = useSelector(actor, (s) => s.context.error);
  const canceling = useSelector(actor, (s) => s.context.canceling);
  const permission = useSelector(actor, (s) => s.context.permission);
  const asking = useSelector(actor, (s) => s.matches({ signedIn: { notify: 'asking' } }));
  return (
    <>
      {loading ? <p className={styles.muted}>Loading...</p> : null}
      {failed ? (
        <div role="alert" className={styles.alert}>
          {error}{' '}
          <button
            type="button"
            className={`${buttons.button.secondary} ${buttons.small}`}
            onClick={() => actor.send({ type: 'runs.refresh' })}
          >
            Try again
          </button>
        </div>
      ) : null}
      {!loading && !failed && list.length === 0 ? (
        <p className={styles.muted}>No runs in the last ten minutes.</p>
      ) : null}
      {list.length > 0 ? (
        <ul className={styles.list} aria-label="Your runs">
          {list.map((run) => (
            <RunRow key={run.id} run={run} canceling={canceling} actor={actor} onLeave={onLeave} />
          ))}
        </ul>
      ) : null}
      {permission === 'default' ? (
        <div className={styles.footer}>
          <button
            type="button"
            className={`${buttons.button.ghost} ${buttons.small}`}
            disabled={asking}
            onClick={() => actor.send({ type: 'runs.notify.allow' })}
          >
            Notify me when runs finish
          </button>
        </div>
      ) : null}
    </>
  );
}

function RunRow({
  run,
  canceling,
  actor,
  onLeave,
}: {
  run: Run;
  canceling: string | null;
  actor: RunsActor;
  onLeave: () => void;
}) {
  const title = toolTitle(run.toolKey);
  const ended = run.status === 'failed' || run.status === 'canceled';
  return (
    <li className={styles.item}>
      <div className={styles.head}>
        <p className={styles.tool}>{title}</p>
        <span className={styles.state} data-status={run.status}>
          {runState(run)}
        </span>
      </div>
      {run.prompt ? (
        <p className={styles.prompt} title={run.prompt}>
          {truncate(run.prompt)}
        </p>
      ) : null}
      {ended && run.error ? <p className={styles.message}>{run.error}</p> : null}
      {ended && run.refunded > 0 ? <p className={styles.message}>{creditsReturned(run.refunded)}</p> : null}
      {run.status === 'succeeded' || isActive(run) ? (
        <div className={styles.actions}>
          {run.status === 'succeeded' ? (
            <Link to="/creations/$id" params={{ id: run.id }} className={styles.link} onClick={onLeave}>
              Open result
            </Link>
          ) : (
            <button
              type="button"
              className={`${buttons.button.secondary} ${buttons.small}`}
              disabled={canceling !== null}
              aria-label={canceling === run.id ? undefined : `Cancel ${title}`}
              onClick={() => actor.send({ type: 'runs.cancel', id: run.id })}
            >
              {canceling === run.id ? 'Canceling...' : 'Cancel'}
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** A notice's words: the run's end, and its credits when they came back. */
export function noticeWords(notice: RunNotice): string {
  const credits =
    (notice.status === 'failed' || notice.status === 'canceled') && notice.refunded > 0
      ? ` ${creditsReturned(notice.refunded)}`
      : '';
  return `${noticeText(notice)}${credits}`;
}

/** The notices of runs that ended (RUNS-9): a polite live region outside the panel, each with Dismiss. */
function Notices({ runs }: { runs: RunsActor }) {
  const notices = useSelector(runs, (s) => s.context.notices);
  return (
    <div role="status" aria-label="Run notices" className={styles.notices}>
      {notices.map((notice) => (
        <div key={notice.id} className={styles.notice}>
          <p className={styles.noticeText}>{noticeWords(notice)}</p>
          <button
            type="button"
            className={`${buttons.button.ghost} ${buttons.small}`}
            aria-label={`Dismiss: ${noticeText(notice)}`}
            onClick={() => runs.send({ type: 'runs.notice.dismiss', id: notice.id })}
          >
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
