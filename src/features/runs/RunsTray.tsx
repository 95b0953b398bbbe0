/**
 * The runs tray (RUNS-7 to RUNS-11), loaded by the shell after the first paint and only when signed in:
 * a "Runs" button (with the number of runs queued or in progress) that opens a side panel (a bottom sheet
 * on phones) listing the account's runs newest first, and the notices of runs that ended, in a polite live
 * region outside the panel; a batch is one notice, with Open and its first picture, and the notices close by
 * themselves unless the pointer or the focus is on them (RUNS-22, RUNS-23). The panel is not modal: the page beside it stays usable (a click there does not
 * close it; Escape and its close button do). What it shows is the runs actor of the app's system (src/flows/runs/runs.machine.ts).
 */
import { useEffect, useState, type FocusEvent, type PointerEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useApp } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import { runsStart } from '../../app/runs';
import { isActive, noticeText, type RunNotice } from '../../flows/runs/runs.types';
import { systemIds, type RunsActor } from '../../app/app.machine';
import * as styles from './RunsTray.css';
import { RunRow } from './RunRow';
import { creditsReturned } from '../../flows/tools/errors';

/**
 * The runs tray of the signed-in account; undefined until it has started (its logic loads at the first
 * sign-in: src/app/app.machine.ts).
 */
function useRuns(): RunsActor | undefined {
  return useSelector(useApp(), (s) => (s.children as Record<string, unknown>)[systemIds.runs] as RunsActor | undefined);
}

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
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        Runs
        {active > 0 ? (
          <span className={styles.count} aria-hidden="true">
            {active}
          </span>
        ) : null}
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen} modal={false}>
          <DialogContent title="Runs" variant="sheet" closeLabel="Close runs">
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
  const now = useNow(list.some(isActive));
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
            <RunRow key={run.id} run={run} canceling={canceling} actor={actor} now={now} onLeave={onLeave} />
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

/** The time now, again every second while `ticking` (a run's time counts up while it works). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** A notice's words: the run's end, and its credits when they came back. */
export function noticeWords(notice: RunNotice): string {
  const credits =
    (notice.status === 'failed' || notice.status === 'canceled') && notice.refunded > 0
      ? ` ${creditsReturned(notice.refunded)}`
      : '';
  return `${noticeText(notice)}${credits}`;
}

/**
 * The notices of runs that ended (RUNS-9): a polite live region outside the panel, each with Dismiss; a batch's
 * with its first picture and Open (RUNS-22). The pointer or the focus on them holds them open (RUNS-23): the
 * tray is told as each comes and goes (on leaving, unless the other still holds them).
 */
function Notices({ runs }: { runs: RunsActor }) {
  const notices = useSelector(runs, (s) => s.context.notices);
  const hold = () => runs.send({ type: 'runs.notice.hold' });
  const pointerLeft = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(document.activeElement)) runs.send({ type: 'runs.notice.release' });
  };
  const focusLeft = (event: FocusEvent<HTMLDivElement>) => {
    const region = event.currentTarget;
    if (!region.contains(event.relatedTarget as Node | null) && !region.matches(':hover'))
      runs.send({ type: 'runs.notice.release' });
  };
  return (
    <div
      role="status"
      aria-label="Run notices"
      className={styles.notices}
      onPointerEnter={hold}
      onPointerLeave={pointerLeft}
      onFocus={hold}
      onBlur={focusLeft}
    >
      {notices.map((notice) => (
        <div key={notice.id} className={styles.notice}>
          {notice.batch?.thumbnail ? (
            <img className={styles.noticeThumb} src={notice.batch.thumbnail} alt="" width={40} height={40} />
          ) : null}
          <p className={styles.noticeText}>{noticeWords(notice)}</p>
          {notice.batch ? (
            <Link
              to="/creations"
              className={`${buttons.button.secondary} ${buttons.small}`}
              aria-label={`Open: ${noticeText(notice)}`}
              onClick={() => runs.send({ type: 'runs.notice.dismiss', id: notice.id })}
            >
              Open
            </Link>
          ) : null}
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
