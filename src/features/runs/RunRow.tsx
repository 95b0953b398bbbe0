/**
 * One run in the runs tray (RUNS-8): its tool, prompt and state; a thumbnail once an image run is done; a
 * progress bar while it works (its percentage beside it when the provider reports one, RUNS-25); its place while
 * queued ('3rd in queue'); the
 * time it has taken; Cancel while active and Open once done. What it shows is the run as the tray last read it.
 */
import { Link } from '@tanstack/react-router';
import type { Run } from '../../api/schemas';
import * as buttons from '../../components/ui/button/button.css';
import { ProgressBar } from '../../components/ui/progress/progress-bar';
import { isActive, ordinal, runProgress, runThumbnail, runTime, toolTitle } from '../../flows/runs/runs.types';
import type { RunsActor } from '../../app/app.machine';
import { creditsReturned } from '../../flows/tools/errors';
import * as styles from './RunsTray.css';

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

/** What a run's state line says: its place in the queue ('3rd in queue', RUNS-4, RUNS-25) or its state. */
export function runState(run: Run): string {
  if (run.status === 'queued') return run.position ? `${ordinal(run.position)} in queue` : 'Queued';
  return stateWords[run.status];
}

const truncate = (text: string) => (text.length > PROMPT_CHARS ? `${text.slice(0, PROMPT_CHARS - 1)}…` : text);

export function RunRow(props: {
  run: Run;
  canceling: string | null;
  actor: RunsActor;
  now: number;
  onLeave: () => void;
}) {
  const { run, canceling, actor, now, onLeave } = props;
  const title = toolTitle(run.toolKey);
  const ended = run.status === 'failed' || run.status === 'canceled';
  const thumbnail = runThumbnail(run);
  const progress = runProgress(run);
  const time = runTime(run, now);
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        {thumbnail ? <img className={styles.thumb} src={thumbnail} alt="" width={56} height={56} /> : null}
        <div className={styles.body}>
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
        </div>
      </div>
      {progress !== null ? (
        <div className={styles.progress}>
          <ProgressBar label={`${title} progress`} percent={progress === 'unknown' ? null : progress} />
          {progress === 'unknown' ? null : <span className={styles.percent}>{progress}%</span>}
        </div>
      ) : null}
      {time ? <p className={styles.time}>{time}</p> : null}
      {ended && run.error ? <p className={styles.message}>{run.error}</p> : null}
      {ended && run.refunded > 0 ? <p className={styles.message}>{creditsReturned(run.refunded)}</p> : null}
      {run.status === 'succeeded' || isActive(run) ? (
        <div className={styles.actions}>
          {run.status === 'succeeded' ? (
            <Link
              to="/creations/$id"
              params={{ id: run.id }}
              className={`${buttons.button.secondary} ${buttons.small}`}
              aria-label={`Open ${title} result`}
              onClick={onLeave}
            >
              Open
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
