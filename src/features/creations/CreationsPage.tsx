/**
 * My creations (/creations) and one creation (/creations/{id}): the user's runs, newest first, with
 * a category filter, Load more, and Delete after a confirmation. Every value is a narrow selector on
 * the page's creations flow; every control sends it an event.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Creation, CreationDetail as CreationDetailAnswer } from '../../api/schemas';
import { creationsFlow, type CreationsLogic } from '../../app/creations';
import { CreationShare } from './CreationShare';
import { useFlow, type Flow } from '../../app/provider';
import { categories, tools, type Category } from '../../catalog';
import * as buttons from '../../components/ui/button/button.css';
import { actionIcon, outputKindIcon } from '../../components/ui/icons/creation-icons';
import {
  anyFilter,
  bulkDeleteQuestion,
  filtersOf,
  sameFilters,
  firstOutputOf,
  inProgress,
  type Filters,
} from '../../../machines/creations/creations.machine';
import { addressSearch, readCreationsSearch } from './creations-search';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import * as page from '../../components/ui/page/page.css';
import type { Actor } from 'xstate';
import * as forms from '../../components/ui/form/form.css';
import * as styles from './creations.css';

// three.js only when a 3D creation is opened on its own page.
const ModelViewer = lazy(() => import('../../components/ui/model-viewer/model-viewer'));

type CreationsActor = Actor<CreationsLogic>;

export interface CreationsPageProps {
  /** The one-run page: only this creation. */
  id?: string;
  /** The list page: the address's search as the router parsed it, read for the filters (CREATIONS-9). */
  search?: Record<string, unknown>;
  /** The list page at /creations: its search is the address's, followed on Back and Forward. */
  fromAddress?: boolean;
  /** Tests give it fake effects. */
  flow?: Flow<CreationsLogic>;
}

export function CreationsPage({ id, search: given, fromAddress = false, flow = creationsFlow }: CreationsPageProps) {
  const [address, setAddress] = useState(() => (fromAddress ? addressSearch(window.location.search) : given));
  useEffect(() => {
    if (!fromAddress) return;
    const follow = () => setAddress(addressSearch(window.location.search));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [fromAddress]);
  const search = address ? readCreationsSearch(address) : undefined;
  const routerNavigate = useNavigate();
  // The list keeps its search in the address through the router it is shown by (replace: no history per key).
  const [pageFlow] = useState(() =>
    search
      ? flow.with({
          navigate: ({ to, search: query, replace }) =>
            void routerNavigate({ to, search: query ?? {}, ...(replace ? { replace } : {}) } as never),
        })
      : flow,
  );
  const actor = useFlow(pageFlow, {
    input: {
      only: id ?? null,
      filters: search ? filtersOf(search as Partial<Record<keyof Filters, string>> as Partial<Filters>) : null,
    },
  });
  const single = id !== undefined;
  // Back, Forward or an edited address: the list follows the address (the same filters change nothing).
  const { q, tool, status, from, to } = search ?? {};
  useEffect(() => {
    if (!search) return;
    const filters = filtersOf({ q, tool, status, from, to } as Partial<Filters>);
    // Only an address that says something else than the list (the list's own replace comes back here too).
    if (!sameFilters(filters, actor.getSnapshot().context.filters)) actor.send({ type: 'creations.filters', filters });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, q, tool, status, from, to]);
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
      {single ? null : (
        // One row at 1280 px (the search, More filters, the categories, Select), so a 1280×800 screen
        // still shows twelve whole tiles; it wraps on a phone.
        <div className={styles.toolbarRow}>
          <SearchBar actor={actor} />
          <Filter actor={actor} />
          <SelectBar actor={actor} />
        </div>
      )}
      <Banner actor={actor} />
      <List actor={actor} single={single} />
      {single ? null : <More actor={actor} />}
      <ConfirmDelete actor={actor} />
      {single ? null : <ConfirmBulkDelete actor={actor} />}
    </div>
  );
}

const statusChoices: [Creation['status'], string][] = [
  ['succeeded', 'Done'],
  ['failed', 'Failed'],
  ['processing', 'In progress'],
  ['starting', 'Starting'],
  ['canceled', 'Canceled'],
];

/** Whether a filter folded under More filters is set (it then shows open). */
const moreSet = (filters: Filters): boolean => Boolean(filters.tool || filters.status || filters.from || filters.to);

/** CREATIONS-8: the search of the prompts, the tool, the status, the days, and Clear filters. */
function SearchBar({ actor }: { actor: CreationsActor }) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const filters = useSelector(actor, (s) => s.context.filters);
  const locked = useSelector(actor, (s) => s.hasTag('zipping') || s.hasTag('bulkDeleting') || s.hasTag('deleting'));
  const set = (change: Partial<Filters>) => actor.send({ type: 'creations.filters', filters: change });
  return (
    <form
      role="search"
      aria-label="Search my creations"
      className={styles.searchBar}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'creations.search' });
      }}
    >
      <label className={styles.searchField}>
        <span className={styles.srOnly}>Search prompts</span>
        <input
          type="search"
          className={forms.input}
          value={draft}
          disabled={locked}
          maxLength={200}
          placeholder="Search prompts"
          onChange={(e) => actor.send({ type: 'creations.type', q: e.target.value })}
        />
      </label>
      {/* The tool, the status and the days fold away; open when one of them is set. */}
      <details className={styles.moreFilters} open={moreSet(filters) || undefined}>
        <summary className={`${buttons.button.secondary} ${buttons.small}`}>More filters</summary>
        <div className={styles.moreFields}>
          <label className={styles.filterField}>
            <span className={forms.label}>Tool</span>
            <select
              className={forms.input}
              value={filters.tool ?? ''}
              disabled={locked}
              onChange={(e) => set({ tool: e.target.value || null })}
            >
              <option value="">All tools</option>
              {tools.map((t) => (
                <option key={t.key} value={t.key}>
                  {t.title}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filterField}>
            <span className={forms.label}>Status</span>
            <select
              className={forms.input}
              value={filters.status ?? ''}
              disabled={locked}
              onChange={(e) => set({ status: (e.target.value || null) as Creation['status'] | null })}
            >
              <option value="">Any status</option>
              {statusChoices.map(([value, word]) => (
                <option key={value} value={value}>
                  {word}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filterField}>
            <span className={forms.label}>From</span>
            <input
              type="date"
              className={forms.input}
              value={filters.from ?? ''}
              disabled={locked}
              onChange={(e) => set({ from: e.target.value || null })}
            />
          </label>
          <label className={styles.filterField}>
            <span className={forms.label}>To</span>
            <input
              type="date"
              className={forms.input}
              value={filters.to ?? ''}
              disabled={locked}
              onChange={(e) => set({ to: e.target.value || null })}
            />
          </label>
        </div>
      </details>
      {anyFilter(filters) || draft !== '' ? <ClearFilters actor={actor} disabled={locked} /> : null}
    </form>
  );
}

function ClearFilters({ actor, disabled = false }: { actor: CreationsActor; disabled?: boolean }) {
  return (
    <button
      type="button"
      className={`${buttons.button.ghost} ${buttons.small}`}
      disabled={disabled}
      onClick={() => actor.send({ type: 'creations.clear' })}
    >
      Clear filters
    </button>
  );
}

/** CREATIONS-10: Select mode, Select all on this page, the count, Download ZIP and Delete. */
function SelectBar({ actor }: { actor: CreationsActor }) {
  const shown = useSelector(actor, (s) => !s.hasTag('loading') && !s.hasTag('failed') && s.context.items.length > 0);
  const selecting = useSelector(actor, (s) => s.context.selecting);
  const count = useSelector(actor, (s) => s.context.selected.length);
  const zipping = useSelector(actor, (s) => s.hasTag('zipping'));
  const canZip = useSelector(actor, (s) => s.can({ type: 'creations.zip' }));
  const canDelete = useSelector(actor, (s) => s.can({ type: 'creations.bulkDelete' }));
  if (!shown) return null;
  if (!selecting)
    return (
      <div className={styles.selectBar}>
        <button
          type="button"
          className={`${buttons.button.secondary} ${buttons.small}`}
          onClick={() => actor.send({ type: 'creations.select.start' })}
        >
          Select
        </button>
      </div>
    );
  return (
    <div className={styles.selectBar} role="toolbar" aria-label="Selection">
      <button
        type="button"
        className={`${buttons.button.secondary} ${buttons.small}`}
        disabled={zipping}
        onClick={() => actor.send({ type: 'creations.selectPage' })}
      >
        Select all on this page
      </button>
      <span aria-live="polite" className={styles.count}>
        {count} selected
      </span>
      <button
        type="button"
        className={`${buttons.button.primary} ${buttons.small}`}
        disabled={!canZip}
        onClick={() => actor.send({ type: 'creations.zip' })}
      >
        {zipping ? 'Preparing ZIP...' : 'Download ZIP'}
      </button>
      <button
        type="button"
        className={`${buttons.button.secondary} ${buttons.small}`}
        disabled={!canDelete}
        onClick={() => actor.send({ type: 'creations.bulkDelete' })}
      >
        Delete
      </button>
      <button
        type="button"
        className={`${buttons.button.ghost} ${buttons.small}`}
        disabled={zipping}
        onClick={() => actor.send({ type: 'creations.select.stop' })}
      >
        Done
      </button>
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
  const filters = useSelector(actor, (s) => s.context.filters);
  if (loading)
    return (
      <p className={styles.empty} aria-live="polite">
        Loading...
      </p>
    );
  if (failed) return null;
  if (items.length === 0 && !single && anyFilter(filters)) {
    return (
      <p className={styles.empty}>
        No creations match {filters.q ? `“${filters.q}”` : 'these filters'}. <ClearFilters actor={actor} />
      </p>
    );
  }
  if (items.length === 0) {
    return single ? (
      <p className={styles.empty}>This creation has been deleted.</p>
    ) : (
      <p className={styles.empty}>
        Nothing here yet. <Link to="/all-tools">Pick a tool</Link> and make something.
      </p>
    );
  }
  if (single) return <CreationDetail creation={items[0]!} actor={actor} />;
  return (
    <ul className={styles.grid} aria-label="Creations">
      {items.map((creation) => (
        <CreationTile key={creation.id} creation={creation} actor={actor} />
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

const extensionOf = (url: string) => /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? 'bin';
const isFileOutput = (c: Creation, output: string | null): output is string =>
  output !== null && c.outputKind !== 'text' && c.outputKind !== 'code';

/**
 * Download (files) and Delete, the same on a tile (`compact`: icons named Download and Delete) and on
 * the creation's page (words).
 */
function CreationActions({
  creation,
  actor,
  output,
  compact = false,
}: {
  creation: Creation;
  actor: CreationsActor;
  output: string | null;
  compact?: boolean;
}) {
  const canDelete = useSelector(actor, (s) => s.can({ type: 'creations.delete', id: creation.id }));
  // The server refuses to delete a run still being made (409); the machine refuses first (CREATIONS-2).
  const running = inProgress(creation);
  const size = compact ? styles.iconAction : buttons.small;
  return (
    <div className={compact ? `${styles.actions} ${styles.tileActions}` : styles.actions}>
      {isFileOutput(creation, output) ? (
        <a
          className={`${buttons.button.secondary} ${size}`}
          href={output}
          download={`${creation.tool}-${creation.id.slice(0, 8)}.${extensionOf(output)}`}
          {...(compact ? { 'aria-label': 'Download', title: 'Download' } : {})}
        >
          {compact ? actionIcon.download : 'Download'}
        </a>
      ) : null}
      <button
        type="button"
        className={`${buttons.button.ghost} ${size}`}
        disabled={!canDelete}
        title={running ? 'It can be deleted once it has finished' : compact ? 'Delete' : undefined}
        {...(compact ? { 'aria-label': 'Delete' } : {})}
        onClick={() => actor.send({ type: 'creations.delete', id: creation.id })}
      >
        {compact ? actionIcon.delete : 'Delete'}
      </button>
    </div>
  );
}

/** One run in the gallery: a thumbnail that opens its page, its tool, prompt, status, cost and time. */
function CreationTile({ creation, actor }: { creation: Creation; actor: CreationsActor }) {
  const output = firstOutputOf(creation);
  const when = new Date(creation.createdAt);
  return (
    <li className={styles.tile} aria-label={`${creation.title}, ${when.toLocaleString()}`}>
      <SelectBox creation={creation} actor={actor} label={`Select ${creation.title}, ${when.toLocaleString()}`} />
      <Link
        to="/creations/$id"
        params={{ id: creation.id }}
        className={styles.thumb}
        aria-label={`Open ${creation.title}${creation.prompt ? `: ${creation.prompt}` : ''}`}
      >
        <Thumbnail creation={creation} output={output} />
      </Link>
      <h2 className={styles.toolName}>{creation.title}</h2>
      {creation.prompt ? (
        <p className={styles.prompt} title={creation.prompt}>
          {creation.prompt}
        </p>
      ) : null}
      <p className={styles.facts}>
        <span className={styles.status} data-status={creation.status}>
          {statusWord[creation.status]}
        </span>
        <span>{creation.cost} credits</span>
        {creation.refunded ? <span>Refunded</span> : null}
        <time dateTime={creation.createdAt} title={when.toLocaleString()}>
          {when.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}
        </time>
      </p>
      <CreationActions creation={creation} actor={actor} output={output} compact />
    </li>
  );
}

/** CREATIONS-10: in Select mode, a checkbox on a finished run (a run in progress cannot be chosen). */
function SelectBox({ creation, actor, label }: { creation: Creation; actor: CreationsActor; label: string }) {
  const selecting = useSelector(actor, (s) => s.context.selecting);
  const checked = useSelector(actor, (s) => s.context.selected.includes(creation.id));
  const zipping = useSelector(actor, (s) => s.hasTag('zipping'));
  if (!selecting || inProgress(creation)) return null;
  return (
    <label className={styles.selectBox}>
      <input
        type="checkbox"
        checked={checked}
        disabled={zipping}
        aria-label={label}
        onChange={() => actor.send({ type: 'creations.toggle', id: creation.id })}
      />
    </label>
  );
}

/** A tile's picture: the image or the clip's first frame; an icon and a word for sound, 3D and text. */
function Thumbnail({ creation, output }: { creation: Creation; output: string | null }) {
  if (output !== null && creation.status === 'succeeded') {
    if (creation.outputKind === 'image')
      return <img className={styles.thumbMedia} src={output} alt={creation.prompt ?? creation.title} loading="lazy" />;
    if (creation.outputKind === 'video')
      return <video className={styles.thumbMedia} src={output} preload="metadata" muted aria-label={creation.title} />;
  }
  const running = inProgress(creation);
  return (
    <span className={styles.thumbKind} aria-hidden="true">
      {outputKindIcon[creation.outputKind]}
      {running ? 'Working…' : creation.status === 'succeeded' ? creation.category : 'No output'}
    </span>
  );
}

/** A creation's own page: its output large, then what it was made from and what it cost. */
function CreationDetail({ creation, actor }: { creation: Creation; actor: CreationsActor }) {
  const output = firstOutputOf(creation);
  const created = new Date(creation.createdAt);
  const finished = creation.completedAt ? new Date(creation.completedAt) : null;
  const { prompt: _prompt, ...rest } = creation.input;
  const uploads = Object.entries(rest).filter(([, value]) => typeof value === 'string' && isUpload(value));
  const params = Object.entries(rest).filter(([, value]) => !(typeof value === 'string' && isUpload(value)));
  return (
    <article className={styles.detail} aria-label={`${creation.title}, ${created.toLocaleString()}`}>
      <div className={styles.stage}>
        <Preview creation={creation} output={output} />
      </div>
      <div className={styles.about}>
        <div className={styles.cardHead}>
          <h2 className={styles.detailTitle}>{creation.title}</h2>
          <span className={styles.status} data-status={creation.status}>
            {statusWord[creation.status]}
          </span>
        </div>
        {creation.prompt ? <p className={styles.detailPrompt}>{creation.prompt}</p> : null}
        {creation.status === 'failed' && creation.error ? <p className={styles.facts}>{creation.error}</p> : null}
        <dl className={styles.params}>
          {params.map(([name, value]) => (
            <div key={name} className={styles.param}>
              <dt>{labelOf(name)}</dt>
              <dd>{String(value)}</dd>
            </div>
          ))}
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
        {uploads.length > 0 ? (
          <div className={styles.uploads}>
            <h3 className={styles.uploadsTitle}>Uploaded</h3>
            <ul className={styles.uploadList}>
              {uploads.map(([name, url]) => (
                <li key={name}>
                  <img className={styles.upload} src={String(url)} alt={labelOf(name)} loading="lazy" />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Reuse creation={creation} />
        <CreationActions creation={creation} actor={actor} output={output} />
        {creation.status === 'succeeded' && output !== null ? (
          <CreationShare id={creation.id} link={(creation as CreationDetailAnswer).shared ?? null} />
        ) : null}
      </div>
    </article>
  );
}

/**
 * 'Use these settings' (CREATIONS-13) and 'New seed' (CREATIONS-14): the tool's page with this run's form,
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
        title={`Run it again with a new seed: ${tool.cost} credits`}
      >
        New seed
      </Link>
    </div>
  );
}

/** A stored file the run was given (an uploaded picture): the server's file address. */
const isUpload = (value: string) => /^(https?:\/\/[^/]+)?\/files\//.test(value);
/** 'pose_image' → 'Pose image', 'num_frames' → 'Num frames'. */
const labelOf = (name: string) => {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const secondsBetween = (from: Date, to: Date) => {
  const seconds = Math.max(0, (to.getTime() - from.getTime()) / 1000);
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
};

function Preview({ creation, output }: { creation: Creation; output: string | null }) {
  if (output === null) return <div className={styles.placeholder}>No output</div>;
  switch (creation.outputKind) {
    case 'image':
      return <img className={styles.preview} src={output} alt={creation.prompt ?? creation.title} />;
    case 'video':
      return <video className={styles.preview} src={output} controls preload="metadata" aria-label={creation.title} />;
    case 'audio':
      return <audio className={styles.audio} src={output} controls preload="metadata" aria-label={creation.title} />;
    case 'model3d':
      return (
        <Suspense fallback={<div className={styles.placeholder}>Loading the 3D viewer...</div>}>
          <ModelViewer url={output} label={creation.title} />
        </Suspense>
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

/** CREATIONS-12: Delete N creations? This cannot be undone. */
function ConfirmBulkDelete({ actor }: { actor: CreationsActor }) {
  const open = useSelector(actor, (s) => s.hasTag('confirmingBulk') || s.hasTag('bulkDeleting'));
  const deleting = useSelector(actor, (s) => s.hasTag('bulkDeleting'));
  const count = useSelector(actor, (s) => s.context.selected.length);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'creations.bulkDelete.cancel' });
      }}
    >
      <DialogContent title="Delete creations" description={bulkDeleteQuestion(count)}>
        <div className={styles.dialogActions}>
          <button
            type="button"
            className={buttons.button.secondary}
            disabled={deleting}
            onClick={() => actor.send({ type: 'creations.bulkDelete.cancel' })}
          >
            Cancel
          </button>
          <button
            type="button"
            className={buttons.button.primary}
            disabled={deleting}
            onClick={() => actor.send({ type: 'creations.bulkDelete.confirm' })}
          >
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
