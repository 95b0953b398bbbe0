/**
 * Comparing creations (/creations/compare?ids=a,b[,c,d], COMPARE-1 to COMPARE-8): two images under a slider, or the
 * creations side by side with their players or text (one at a time on a phone, with Previous and Next), and beneath
 * them the settings that differ. Every value is a narrow selector on the page's compare flow; every control sends it
 * an event (the phone's strip position is the strip's own scroll).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { CreationDetail } from '../../api/schemas';
import { useFlow, type Flow } from '../../app/provider';
import { titled } from '../../app/page-title';
import * as buttons from '../../components/ui/button/button.css';
import { AudioPlayer } from '../../components/ui/media/audio-player';
import { VideoPlayer } from '../../components/ui/media/video-player';
import * as page from '../../components/ui/page/page.css';
import { Prose } from '../../components/ui/prose/prose';
import { idsOf, sliderFits } from '../../flows/compare/compare-rules';
import { compareFlow, type CompareLogic } from '../../flows/compare/compare.effects';
import { differingSettings } from '../../flows/compare/compare.selectors';
import * as styles from './ComparePage.css';

type CompareActor = Actor<CompareLogic>;

export const COMPARE_TITLE = 'Compare creations';

/** A creation's name on the page: its place and its tool ('1. Text to Image'), the same in its column and the table. */
const nameOf = (c: CreationDetail, index: number) => `${index + 1}. ${c.title}`;
const outputOf = (c: CreationDetail) => (Array.isArray(c.output) ? (c.output[0] ?? '') : (c.output ?? ''));

export function ComparePage({ ids, flow = compareFlow }: { ids: string; flow?: Flow<CompareLogic> }) {
  const actor = useFlow(flow, { input: { ids: idsOf(ids) } });
  useEffect(() => {
    document.title = titled(COMPARE_TITLE);
  }, []);
  return (
    <div className={styles.root}>
      <header className={page.header}>
        <Link to="/creations" className={page.eyebrow}>
          ← My creations
        </Link>
        <h1 className={page.title}>{COMPARE_TITLE}</h1>
      </header>
      <Body actor={actor} />
    </div>
  );
}

function Body({ actor }: { actor: CompareActor }) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  if (loading)
    return (
      <p role="status" className={styles.muted}>
        Loading the creations...
      </p>
    );
  if (failed)
    return (
      <div className={styles.message}>
        <p role="alert" className={styles.alert}>
          {error}
        </p>
        <button
          type="button"
          className={`${buttons.button.secondary} ${buttons.small}`}
          onClick={() => actor.send({ type: 'compare.reload' })}
        >
          Try again
        </button>
      </div>
    );
  if (!ready)
    // COMPARE-1, COMPARE-2, COMPARE-8: refused, mixed or missing: why, and nothing of the creations.
    return (
      <div className={styles.message}>
        <p role="alert" className={styles.alert}>
          {error}
        </p>
        <Link to="/creations" className={`${buttons.button.secondary} ${buttons.small}`}>
          Back to My creations
        </Link>
      </div>
    );
  return (
    <>
      <Views actor={actor} />
      <Differences actor={actor} />
    </>
  );
}

/** COMPARE-4: Slider or Side by side, for two images only. */
function Views({ actor }: { actor: CompareActor }) {
  const offered = useSelector(actor, (s) => sliderFits(s.context.creations));
  const slider = useSelector(actor, (s) => s.matches({ ready: 'slider' }));
  return (
    <section className={styles.differences} aria-label="Creations compared">
      {offered ? (
        <fieldset className={styles.views}>
          <legend className={styles.srOnly}>View</legend>
          {(['slider', 'sideBySide'] as const).map((view) => (
            <label key={view} className={styles.viewChoice}>
              <input
                type="radio"
                name="compare-view"
                checked={slider === (view === 'slider')}
                onChange={() => actor.send({ type: 'compare.show', view })}
              />
              {view === 'slider' ? 'Slider' : 'Side by side'}
            </label>
          ))}
        </fieldset>
      ) : null}
      {slider ? <Slider actor={actor} /> : <SideBySide actor={actor} />}
    </section>
  );
}

/** COMPARE-4: the two pictures stacked, the second cut at the divider; the divider is a labelled range. */
function Slider({ actor }: { actor: CompareActor }) {
  const creations = useSelector(actor, (s) => s.context.creations);
  const position = useSelector(actor, (s) => s.context.position);
  const [left, right] = creations as [CreationDetail, CreationDetail];
  return (
    <div className={styles.slider}>
      <div className={styles.captions}>
        <span>← {nameOf(left, 0)}</span>
        <span>{nameOf(right, 1)} →</span>
      </div>
      <div className={styles.stage}>
        <img className={styles.under} src={outputOf(left)} alt={`${nameOf(left, 0)}: ${left.prompt ?? ''}`} />
        <img
          className={styles.over}
          src={outputOf(right)}
          alt={`${nameOf(right, 1)}: ${right.prompt ?? ''}`}
          style={{ clipPath: `inset(0 0 0 ${position}%)` }}
        />
        <div className={styles.divider} style={{ left: `${position}%` }} aria-hidden="true" />
      </div>
      <input
        type="range"
        className={styles.range}
        aria-label="Divider position"
        min={0}
        max={100}
        step={1}
        value={position}
        aria-valuetext={`${position}%`}
        onChange={(event) => actor.send({ type: 'compare.slide', position: Number(event.target.value) })}
      />
    </div>
  );
}

/** COMPARE-3, COMPARE-5: a column each; on a phone a strip that snaps, one at a time, with Previous and Next. */
function SideBySide({ actor }: { actor: CompareActor }) {
  const creations = useSelector(actor, (s) => s.context.creations);
  const strip = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(0);
  const go = (index: number) => {
    const element = strip.current;
    element?.scrollTo?.({ left: index * element.clientWidth, behavior: 'smooth' });
    setShown(index);
  };
  return (
    <>
      <ul
        ref={strip}
        className={styles.strip}
        aria-label="Side by side"
        onScroll={(event) => {
          const { scrollLeft, clientWidth } = event.currentTarget;
          if (clientWidth > 0) setShown(Math.round(scrollLeft / clientWidth));
        }}
      >
        {creations.map((c, index) => (
          <li key={c.id} className={styles.pane} aria-label={nameOf(c, index)}>
            <div className={styles.paneHead}>
              <h2 className={styles.paneTitle}>
                <Link to="/creations/$id" params={{ id: c.id }}>
                  {nameOf(c, index)}
                </Link>
              </h2>
              {c.prompt ? <p className={styles.panePrompt}>{c.prompt}</p> : null}
            </div>
            <Output creation={c} name={nameOf(c, index)} />
          </li>
        ))}
      </ul>
      <div className={styles.stepper}>
        <button
          type="button"
          className={`${buttons.button.secondary} ${buttons.small}`}
          disabled={shown === 0}
          onClick={() => go(shown - 1)}
        >
          ← Previous
        </button>
        <span aria-live="polite">
          {shown + 1} of {creations.length}
        </span>
        <button
          type="button"
          className={`${buttons.button.secondary} ${buttons.small}`}
          disabled={shown >= creations.length - 1}
          onClick={() => go(shown + 1)}
        >
          Next →
        </button>
      </div>
    </>
  );
}

/** A creation's result with the app's own players and prose (COMPARE-3). */
function Output({ creation, name }: { creation: CreationDetail; name: string }) {
  const output = outputOf(creation);
  switch (creation.outputKind) {
    case 'image':
      return <img className={styles.picture} src={output} alt={`${name}: ${creation.prompt ?? ''}`} />;
    case 'video':
      return <VideoPlayer src={output} label={name} />;
    case 'audio':
      return <AudioPlayer src={output} label={name} />;
    case 'code':
      return (
        <pre className={styles.text} tabIndex={0}>
          <code>{output}</code>
        </pre>
      );
    default:
      return <Prose text={output} className={styles.prose} />;
  }
}

/** COMPARE-6: the settings that differ, a row each and a column per creation, then that the rest are the same. */
function Differences({ actor }: { actor: CompareActor }) {
  const creations = useSelector(actor, (s) => s.context.creations);
  const rows = differingSettings(creations);
  return (
    <section className={styles.differences} aria-labelledby="compare-differences">
      <h2 id="compare-differences" className={styles.sectionTitle}>
        Settings that differ
      </h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>All the settings are the same.</p>
      ) : (
        <>
          <div className={styles.tableBox} tabIndex={0} role="region" aria-label="Settings that differ, by creation">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Setting</th>
                  {creations.map((c, index) => (
                    <th key={c.id} scope="col">
                      {nameOf(c, index)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.name}>
                    <th scope="row">{row.label}</th>
                    {row.values.map((value, index) => (
                      <td key={index}>{value}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={styles.muted}>All other settings are the same.</p>
        </>
      )}
    </section>
  );
}
