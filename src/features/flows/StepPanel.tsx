import { useId, useState, useSyncExternalStore } from 'react';
import * as buttons from '../../components/ui/button/button.css';
import { exampleEventText, exampleOutputText } from './examples';
import {
  activeNodes,
  parseJson as parse,
  stepText,
  type InertRun,
  type PendingActor,
  type PendingDelay,
} from './inert';
import { FieldList } from './FieldList';
import { blockingGuards } from './guards';
import * as styles from './FlowsPage.css';

const show = (value: unknown) => {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return String(value);
  }
};

/**
 * Steps a machine by hand: send its events, settle its invoked actors (each with an editable example
 * answer), fire its delays; the log of steps jumps back to any of them.
 */
export function StepPanel({
  run,
  onRestart,
  onJump,
}: {
  run: InertRun;
  onRestart: () => void;
  /** Restarts and takes the first `n` steps of the log again. */
  onJump: (n: number) => void;
}) {
  useSyncExternalStore(run.subscribe, run.getVersion, run.getVersion);
  const snapshot = run.snapshot;
  const leaves = activeNodes(snapshot)
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => n.path.join('.'));
  const events = run.eventTypes();
  const actors = run.pendingActors();
  const delays = run.pendingDelays();

  return (
    <section className={styles.panel} aria-labelledby="step-title">
      <div className={styles.panelHead}>
        <h2 id="step-title" className={styles.panelTitle}>
          Step through
        </h2>
        <button type="button" className={`${buttons.button.secondary} ${buttons.small}`} onClick={onRestart}>
          Restart
        </button>
      </div>
      <p className={styles.current} aria-live="polite">
        Current state: <strong data-testid="current-state">{leaves.join(', ') || '(root)'}</strong>
        {snapshot.status !== 'active' ? ` (${snapshot.status})` : ''}
      </p>
      {snapshot.status === 'error' ? (
        <p className={styles.error} role="alert">
          The machine stopped with an error: {String((snapshot.error as Error | undefined)?.message ?? snapshot.error)}
        </p>
      ) : null}

      <h3 className={styles.subTitle}>Events</h3>
      {events.length === 0 ? <p className={styles.muted}>No events are handled here.</p> : null}
      <ul className={styles.eventList}>
        {events.map((type) => (
          <EventControl key={type} run={run} type={type} />
        ))}
      </ul>

      <h3 className={styles.subTitle}>Invoked actors</h3>
      {actors.length === 0 ? <p className={styles.muted}>None running.</p> : null}
      <ul className={styles.plainList}>
        {actors.map((p) => (
          <ActorControl key={`${p.id}:${p.src}`} run={run} pending={p} />
        ))}
      </ul>

      <h3 className={styles.subTitle}>Delays</h3>
      {delays.length === 0 ? <p className={styles.muted}>No delayed transitions pending.</p> : null}
      <ul className={styles.plainList}>
        {delays.map((d) => (
          <DelayControl key={`${d.source}:${d.delay}`} run={run} delay={d} />
        ))}
      </ul>

      <h3 className={styles.subTitle}>Steps taken</h3>
      {run.steps.length === 0 ? <p className={styles.muted}>No steps yet: the machine is where it starts.</p> : null}
      <ol className={styles.effects} aria-label="Steps taken">
        {run.steps.map((step, i) => (
          <li key={i} className={styles.stepRow}>
            <span>{stepText(step)}</span>
            {i < run.steps.length - 1 ? (
              <button
                type="button"
                className={`${buttons.button.ghost} ${buttons.small}`}
                aria-label={`Back to step ${i + 1}: ${stepText(step)}`}
                onClick={() => onJump(i + 1)}
              >
                back here
              </button>
            ) : null}
          </li>
        ))}
      </ol>

      <h3 className={styles.subTitle}>Effects run</h3>
      {run.effects.length === 0 ? <p className={styles.muted}>No effects yet.</p> : null}
      <ol className={styles.effects} aria-label="Effects run">
        {run.effects
          .slice()
          .reverse()
          .map((e) => (
            <li key={e.n}>
              <code>{e.action}</code> {e.params === null ? '' : <span className={styles.muted}>{show(e.params)}</span>}
            </li>
          ))}
      </ol>
    </section>
  );
}

function EventControl({ run, type }: { run: InertRun; type: string }) {
  const [text, setText] = useState(() => exampleEventText(type));
  const parsed = parse(text);
  const event =
    parsed.ok && typeof parsed.value === 'object' && parsed.value !== null
      ? ({ ...(parsed.value as object), type } as { type: string })
      : null;
  let enabled = false;
  try {
    enabled = event !== null && run.snapshot.can(event as never);
  } catch {
    enabled = false;
  }
  // A greyed event says which guard keeps it from being taken, and what that guard checks.
  const blocks = enabled || event === null ? [] : blockingGuards(run.machine, run.snapshot, type);
  const whyId = useId();
  return (
    <li className={styles.eventRow}>
      <button
        type="button"
        className={`${buttons.button.primary} ${buttons.small} ${styles.eventButton}`}
        disabled={!enabled}
        aria-describedby={blocks.length ? whyId : undefined}
        title={blocks.length ? blocks.map((b) => `blocked by guard ${b.guard}: ${b.why}`).join('; ') : undefined}
        onClick={() => event && run.send(event)}
      >
        {type}
      </button>
      {blocks.length ? (
        // Folded, so the events stay on the first screen beside the chart; the button's description reads it.
        <details className={styles.eventDetails}>
          <summary>why?</summary>
          <span id={whyId} data-blocked={type}>
            {blocks.map((b, i) => (
              <span key={b.guard}>
                {i === 0 ? 'blocked by guard ' : '; or by guard '}
                <code>{b.guard}</code>: {b.why}
              </span>
            ))}
          </span>
        </details>
      ) : null}
      <details className={styles.eventDetails}>
        <summary>Payload</summary>
        <label className={styles.field}>
          <span>Event sent for {type} (JSON)</span>
          <textarea
            className={styles.textarea}
            value={text}
            rows={3}
            spellCheck={false}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        {parsed.ok ? null : <span className={styles.error}>{parsed.message}</span>}
      </details>
    </li>
  );
}

function ActorControl({ run, pending }: { run: InertRun; pending: PendingActor }) {
  const [text, setText] = useState(() => exampleOutputText(pending.src));
  const parsed = parse(text);
  return (
    <li className={styles.control} data-actor={pending.id}>
      <div>
        <code>{pending.src}</code>
        {pending.id !== pending.src ? <span className={styles.muted}> (id {pending.id})</span> : null}
        <details className={styles.eventDetails} open>
          <summary>Input of {pending.src}</summary>
          <FieldList value={pending.input} label={`Input of ${pending.src}`} />
        </details>
      </div>
      <label className={styles.field}>
        <span>Output or error of {pending.src} (JSON)</span>
        <textarea
          className={styles.textarea}
          value={text}
          rows={2}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {parsed.ok ? (
        <details className={styles.eventDetails}>
          <summary>Output fields</summary>
          <FieldList value={parsed.value} label={`Output of ${pending.src}`} />
        </details>
      ) : (
        <span className={styles.error}>{parsed.message}</span>
      )}
      <div className={styles.row}>
        <button
          type="button"
          aria-label={`done ${pending.src}`}
          className={`${buttons.button.primary} ${buttons.small}`}
          disabled={!parsed.ok}
          onClick={() => parsed.ok && run.settle(pending.id, 'done', parsed.value)}
        >
          done
        </button>
        <button
          type="button"
          aria-label={`error ${pending.src}`}
          className={`${buttons.button.secondary} ${buttons.small}`}
          disabled={!parsed.ok}
          onClick={() => parsed.ok && run.settle(pending.id, 'error', parsed.value ?? new Error('Simulated error'))}
        >
          error
        </button>
      </div>
    </li>
  );
}

function DelayControl({ run, delay }: { run: InertRun; delay: PendingDelay }) {
  const label =
    typeof delay.delay === 'number'
      ? `${delay.delay} ms`
      : `${delay.delay}${delay.ms === null ? '' : ` (${delay.ms} ms)`}`;
  return (
    <li className={styles.control}>
      <span>
        after <code>{label}</code> <span className={styles.muted}>from {delay.source}</span>
      </span>
      <button
        type="button"
        aria-label={`fire after ${delay.delay}`}
        className={`${buttons.button.secondary} ${buttons.small}`}
        onClick={() => run.advance(typeof delay.delay === 'number' ? delay.delay : delay.ms)}
      >
        fire
      </button>
    </li>
  );
}
