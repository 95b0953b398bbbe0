/** A creation's own page (/creations/{id}): its output large, its parameters, cost and time, reuse and share. */
import { lazy, Suspense, useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Creation, CreationDetail as CreationDetailAnswer } from '../../api/schemas';
import { tools } from '../../catalog';
import { creationSettings, labelOfInput, type Setting } from '../../catalog/creation-settings';
import { Accordion, AccordionItem } from '../../components/ui/accordion/accordion';
import * as buttons from '../../components/ui/button/button.css';
import { AudioPlayer } from '../../components/ui/media/audio-player';
import { VideoPlayer } from '../../components/ui/media/video-player';
import { Prose } from '../../components/ui/prose/prose';
import * as page from '../../components/ui/page/page.css';
import { titled } from '../../app/page-title';
import { creationHeading, firstOutputOf, inProgress, neighbourOf } from '../../flows/creations/creations.machine';
import { CreationShare } from './CreationShare';
import { CreationRefine } from './CreationRefine';
import { CreationActions, statusWord } from './CreationTile';
import type { CreationsActor } from './CreationsPage';
import * as styles from './creations.css';
import { isFileAddress } from '../../api/operations/addresses';

// three.js only when a 3D creation is opened on its own page.
const ModelViewer = lazy(() => import('../../components/ui/model-viewer/model-viewer'));

/** A creation's own page: its output large, then what it was made from and what it cost. */
export function CreationDetail({ creation, actor }: { creation: Creation; actor: CreationsActor }) {
  const output = firstOutputOf(creation);
  const created = new Date(creation.createdAt);
  const finished = creation.completedAt ? new Date(creation.completedAt) : null;
  const { prompt: _prompt, ...rest } = creation.input;
  const uploads = Object.entries(rest).filter(([, value]) => typeof value === 'string' && isFileAddress(value));
  const settings = creationSettings(
    creation.tool,
    Object.fromEntries(
      Object.entries(rest).filter(([, value]) => !(typeof value === 'string' && isFileAddress(value))),
    ),
  );
  return (
    <article className={styles.detail} aria-label={`${creation.title}, ${created.toLocaleString()}`}>
      <Neighbours actor={actor} />
      <div className={styles.stage}>
        <Preview creation={creation} output={output} actor={actor} />
      </div>
      <div className={styles.about}>
        <div className={styles.cardHead}>
          <h2 className={styles.detailTitle}>{creation.title}</h2>
          <span className={styles.status} data-status={creation.status}>
            {statusWord[creation.status]}
          </span>
        </div>
        {creation.prompt ? <p className={styles.detailPrompt}>{creation.prompt}</p> : null}
        <MadeFrom creation={creation} />
        {creation.status === 'failed' && creation.error ? <p className={styles.facts}>{creation.error}</p> : null}
        <dl className={styles.params}>
          <Settings settings={settings.shown} />
          <div className={styles.param}>
            <dt>Cost</dt>
            <dd>
              {creation.cost} credits{creation.refunded ? ' (refunded)' : ''}
            </dd>
          </div>
          <div className={styles.param}>
            <dt>Made</dt>
            <dd>
              <time dateTime={creation.createdAt}>{created.toLocaleString()}</time>
            </dd>
          </div>
          {finished ? (
            <div className={styles.param}>
              <dt>Took</dt>
              <dd>{secondsBetween(created, finished)}</dd>
            </div>
          ) : null}
        </dl>
        {settings.advanced.length > 0 ? (
          <Accordion>
            <AccordionItem value="advanced" title="Advanced">
              <dl className={styles.params}>
                <Settings settings={settings.advanced} />
              </dl>
            </AccordionItem>
          </Accordion>
        ) : null}
        {uploads.length > 0 ? (
          <div className={styles.uploads}>
            <h3 className={styles.uploadsTitle}>Uploaded</h3>
            <ul className={styles.uploadList}>
              {uploads.map(([name, url]) => (
                <li key={name}>
                  <img className={styles.upload} src={String(url)} alt={labelOfInput(name)} loading="lazy" />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Reuse creation={creation} />
        <CreationActions creation={creation} actor={actor} output={output} />
        {creation.status === 'succeeded' && output !== null && creation.outputKind === 'image' ? (
          <CreationRefine key={creation.id} ids={[creation.id]} />
        ) : null}
        {creation.status === 'succeeded' && output !== null ? (
          <CreationShare id={creation.id} link={(creation as CreationDetailAnswer).shared ?? null} />
        ) : null}
      </div>
    </article>
  );
}

/** REFINE-5: an Upscale 2× or a Vary says what it was made from, as a link to that creation. */
function MadeFrom({ creation }: { creation: Creation }) {
  const source = (creation as CreationDetailAnswer).source;
  if (!source) return null;
  return (
    <p className={styles.facts}>
      Made from{' '}
      <Link to="/creations/$id" params={{ id: source.id }}>
        {source.label}
      </Link>
    </p>
  );
}

/**
 * CREATIONS-18: the one-run page's heading, its creation's prompt (cut sensibly; 'Creation' until it is loaded), also
 * the document's title.
 */
export function CreationHeading({ actor }: { actor: CreationsActor }) {
  const heading = useSelector(actor, (s) => {
    const shown = s.context.items[0];
    return shown ? creationHeading(shown) : 'Creation';
  });
  useEffect(() => {
    document.title = titled(heading);
  }, [heading]);
  return <h1 className={page.title}>{heading}</h1>;
}

/** Whether a key press belongs to what has the focus (typing, a slider, a select) rather than to the page. */
const keptByFocus = (event: KeyboardEvent) => {
  const target = event.target as HTMLElement | null;
  return (
    event.defaultPrevented ||
    event.altKey ||
    event.ctrlKey ||
    event.metaKey ||
    event.shiftKey ||
    (target !== null &&
      (target.isContentEditable ||
        /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
        target.getAttribute('role') === 'slider'))
  );
};

/**
 * CREATIONS-18: Previous (the newer run) and Next (the older one) in My creations' order, as links; ← and → do the
 * same when the focus is not in a field. Each sends the flow `creations.neighbour`, which opens that run's page.
 */
function Neighbours({ actor }: { actor: CreationsActor }) {
  const previous = useSelector(actor, (s) => neighbourOf(s.context, 'previous'));
  const next = useSelector(actor, (s) => neighbourOf(s.context, 'next'));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (keptByFocus(event)) return;
      const which = event.key === 'ArrowLeft' ? 'previous' : event.key === 'ArrowRight' ? 'next' : null;
      if (which === null) return;
      // Toward no run (the newest has no Previous): the key is not the page's.
      const open = { type: 'creations.neighbour', which } as const;
      if (!actor.getSnapshot().can(open)) return;
      event.preventDefault();
      actor.send(open);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actor]);
  if (previous === null && next === null) return null;
  const link = (which: 'previous' | 'next', id: string | null, text: string) =>
    id === null ? (
      <span className={`${buttons.button.ghost} ${buttons.small} ${styles.neighbourOff}`} aria-hidden="true">
        {text}
      </span>
    ) : (
      <Link
        to="/creations/$id"
        params={{ id }}
        rel={which === 'previous' ? 'prev' : 'next'}
        className={`${buttons.button.secondary} ${buttons.small}`}
        aria-keyshortcuts={which === 'previous' ? 'ArrowLeft' : 'ArrowRight'}
        onClick={(event) => {
          // A plain click goes through the flow; a click for a new tab or window stays the browser's.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          actor.send({ type: 'creations.neighbour', which });
        }}
      >
        {text}
      </Link>
    );
  return (
    <nav className={styles.neighbours} aria-label="Other creations">
      {link('previous', previous, '← Previous')}
      {link('next', next, 'Next →')}
    </nav>
  );
}

/**
 * 'Use these settings' (CREATIONS-13) and 'New seed · N credits' (CREATIONS-14, its cost on the button): the tool's page with this run's form,
 * for a tool still in the catalogue and a run that had a prompt or parameters; the tool page reads `?settings`.
 */
function Reuse({ creation }: { creation: Creation }) {
  const tool = tools.find((t) => t.key === creation.tool);
  if (!tool || inProgress(creation) || (creation.prompt === null && Object.keys(creation.input).length === 0))
    return null;
  return (
    <div className={styles.actions}>
      <Link
        to={tool.path}
        search={{ settings: creation.id } as never}
        className={`${buttons.button.primary} ${buttons.small}`}
      >
        Use these settings
      </Link>
      <Link
        to={tool.path}
        search={{ settings: creation.id, seed: 'new' } as never}
        className={`${buttons.button.secondary} ${buttons.small}`}
        title="Run it again with a new seed, charged as a new run"
      >
        New seed · {tool.cost} credits
      </Link>
    </div>
  );
}

function Settings({ settings }: { settings: readonly Setting[] }) {
  return settings.map(({ name, label, value }) => (
    <div key={name} className={styles.param}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  ));
}

const secondsBetween = (from: Date, to: Date) => {
  const seconds = Math.max(0, (to.getTime() - from.getTime()) / 1000);
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
};

function Preview({ creation, output, actor }: { creation: Creation; output: string | null; actor: CreationsActor }) {
  if (output === null) return <div className={styles.placeholder}>No output</div>;
  switch (creation.outputKind) {
    case 'image':
      return (
        <img
          className={styles.preview}
          src={output}
          alt={creation.prompt ?? creation.title}
          // CREATIONS-20: an address past its end: the page reads its run again for a fresh one.
          onError={(e) => actor.send({ type: 'creations.readdress', url: e.currentTarget.src })}
        />
      );
    case 'video':
      return <VideoPlayer src={output} label={creation.title} />;
    case 'audio':
      return <AudioPlayer src={output} label={creation.title} />;
    case 'model3d':
      return (
        <Suspense fallback={<div className={styles.placeholder}>Loading the 3D viewer...</div>}>
          <ModelViewer url={output} label={creation.title} />
        </Suspense>
      );
    case 'code':
      return (
        <pre className={styles.text}>
          <code>{output}</code>
        </pre>
      );
    default:
      return <Prose text={output} className={styles.prose} />;
  }
}
