/**
 * My creations (/creations) and one creation (/creations/{id}): the user's runs, newest first, with
 * a category filter, Load more, and Delete after a confirmation. Every value is a narrow selector on
 * the page's creations flow; every control sends it an event.
 */
import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Creation } from '../../api/schemas';
import { creationsFlow, type CreationsLogic } from '../../app/creations';
import { useFlow, type Flow } from '../../app/provider';
import { categories, type Category } from '../../catalog';
import * as buttons from '../../components/ui/button/button.css';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import * as page from '../../components/ui/page/page.css';
import type { Actor } from 'xstate';
import * as styles from './creations.css';

// three.js only when a 3D creation is opened on its own page.
const ModelViewer = lazy(() => import('../../components/ui/model-viewer/model-viewer'));

type CreationsActor = Actor<CreationsLogic>;

export interface CreationsPageProps {
  /** The one-run page: only this creation. */
  id?: string;
  /** Tests give it fake effects. */
  flow?: Flow<CreationsLogic>;
}

export function CreationsPage({ id, flow = creationsFlow }: CreationsPageProps) {
  const actor = useFlow(flow, { input: { only: id ?? null } });
  const single = id !== undefined;
  return (
    <div className={styles.root}>
      <header className={page.header}>
        {single ? (
          <Link to="/creations" className={page.eyebrow}>
            ← My creations
          </Link>
        ) : (
          <p className={page.eyebrow}>Library</p>
        )}
        <h1 className={page.title}>{single ? 'Creation' : 'My creations'}</h1>
        {single ? null : <p className={page.lead}>Everything you have made, newest first.</p>}
      </header>
      {single ? null : <Filter actor={actor} />}
      <Banner actor={actor} />
      <List actor={actor} single={single} />
      {single ? null : <More actor={actor} />}
      <ConfirmDelete actor={actor} />
    </div>
  );
}

function Filter({ actor }: { actor: CreationsActor }) {
  const chosen = useSelector(actor, (s) => s.context.category);
  const options: (Category | null)[] = [null, ...categories];
  return (
    <fieldset className={styles.chips} aria-label="Filter by category">
      {options.map((category) => (
        <button
          key={category ?? 'all'}
          type="button"
          className={styles.chip}
          aria-pressed={chosen === category}
          onClick={() => actor.send({ type: 'creations.filter', category })}
        >
          {category ?? 'All'}
        </button>
      ))}
    </fieldset>
  );
}

function Banner({ actor }: { actor: CreationsActor }) {
  const error = useSelector(actor, (s) => s.context.error);
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  if (error === null) return null;
  return (
    <div role="alert" className={styles.alert}>
      {error}{' '}
      {failed ? (
        <button
          type="button"
          className={buttons.button.secondary}
          onClick={() => actor.send({ type: 'creations.reload' })}
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}

function List({ actor, single }: { actor: CreationsActor; single: boolean }) {
  const items = useSelector(actor, (s) => s.context.items);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  if (loading)
    return (
      <p className={styles.empty} aria-live="polite">
        Loading...
      </p>
    );
  if (failed) return null;
  if (items.length === 0) {
    return single ? (
      <p className={styles.empty}>This creation has been deleted.</p>
    ) : (
      <p className={styles.empty}>
        Nothing here yet. <Link to="/all-tools">Pick a tool</Link> and make something.
      </p>
    );
  }
  return (
    <ul className={styles.grid} aria-label="Creations">
      {items.map((creation) => (
        <CreationCard key={creation.id} creation={creation} actor={actor} single={single} />
      ))}
    </ul>
  );
}

const statusWord: Record<Creation['status'], string> = {
  succeeded: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
  processing: 'In progress',
  starting: 'In progress',
};

const firstOutput = (c: Creation) => (Array.isArray(c.output) ? (c.output[0] ?? null) : c.output);
const extensionOf = (url: string) => /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? 'bin';

function CreationCard({ creation, actor, single }: { creation: Creation; actor: CreationsActor; single: boolean }) {
  const canDelete = useSelector(actor, (s) => s.can({ type: 'creations.delete', id: creation.id }));
  // The server refuses to delete a run still being made (409); the button says so first.
  const running = creation.status === 'processing' || creation.status === 'starting';
  const output = firstOutput(creation);
  const when = new Date(creation.createdAt);
  const isFile = output !== null && creation.outputKind !== 'text' && creation.outputKind !== 'code';
  return (
    <li className={styles.card} aria-label={`${creation.title}, ${when.toLocaleString()}`}>
      <div className={styles.cardHead}>
        <h2 className={styles.toolName}>{creation.title}</h2>
        <span className={styles.status} data-status={creation.status}>
          {statusWord[creation.status]}
        </span>
      </div>
      {creation.prompt ? <p className={styles.prompt}>{creation.prompt}</p> : null}
      <p className={styles.facts}>
        <time dateTime={creation.createdAt}>{when.toLocaleString()}</time>
        <span>{creation.cost} credits</span>
        {creation.refunded ? <span>Refunded</span> : null}
      </p>
      {creation.status === 'failed' && creation.error ? <p className={styles.facts}>{creation.error}</p> : null}
      <Preview creation={creation} output={output} single={single} />
      <div className={styles.actions}>
        {single ? null : (
          <Link
            to="/creations/$id"
            params={{ id: creation.id }}
            className={`${buttons.button.secondary} ${buttons.small}`}
          >
            Open
          </Link>
        )}
        {isFile ? (
          <a
            className={`${buttons.button.secondary} ${buttons.small}`}
            href={output}
            download={`${creation.tool}-${creation.id.slice(0, 8)}.${extensionOf(output)}`}
          >
            Download
          </a>
        ) : null}
        <button
          type="button"
          className={`${buttons.button.ghost} ${buttons.small}`}
          disabled={!canDelete || running}
          title={running ? 'It can be deleted once it has finished' : undefined}
          onClick={() => actor.send({ type: 'creations.delete', id: creation.id })}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

function Preview({ creation, output, single }: { creation: Creation; output: string | null; single: boolean }) {
  if (output === null) return <div className={styles.placeholder}>No output</div>;
  switch (creation.outputKind) {
    case 'image':
      return <img className={styles.preview} src={output} alt={creation.prompt ?? creation.title} loading="lazy" />;
    case 'video':
      return <video className={styles.preview} src={output} controls preload="metadata" aria-label={creation.title} />;
    case 'audio':
      return <audio className={styles.audio} src={output} controls preload="metadata" aria-label={creation.title} />;
    case 'model3d':
      return single ? (
        <Suspense fallback={<div className={styles.placeholder}>Loading the 3D viewer...</div>}>
          <ModelViewer url={output} label={creation.title} />
        </Suspense>
      ) : (
        <div className={styles.placeholder}>3D model (.glb): open it to turn and zoom</div>
      );
    default:
      return <pre className={styles.text}>{output}</pre>;
  }
}

function More({ actor }: { actor: CreationsActor }) {
  const hasMore = useSelector(actor, (s) => s.context.nextCursor !== null && !s.hasTag('loading'));
  const loadingMore = useSelector(actor, (s) => s.hasTag('loadingMore'));
  if (!hasMore) return null;
  return (
    <div>
      <button
        type="button"
        className={buttons.button.secondary}
        disabled={loadingMore}
        onClick={() => actor.send({ type: 'creations.more' })}
      >
        {loadingMore ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}

function ConfirmDelete({ actor }: { actor: CreationsActor }) {
  const open = useSelector(actor, (s) => s.hasTag('confirming') || s.hasTag('deleting'));
  const deleting = useSelector(actor, (s) => s.hasTag('deleting'));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'creations.delete.cancel' });
      }}
    >
      <DialogContent title="Delete creation" description="Delete this creation and its files? This cannot be undone.">
        <div className={styles.dialogActions}>
          <button
            type="button"
            className={buttons.button.secondary}
            disabled={deleting}
            onClick={() => actor.send({ type: 'creations.delete.cancel' })}
          >
            Cancel
          </button>
          <button
            type="button"
            className={buttons.button.primary}
            disabled={deleting}
            onClick={() => actor.send({ type: 'creations.delete.confirm' })}
          >
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
