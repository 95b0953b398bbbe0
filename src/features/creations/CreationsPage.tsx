/**
 * My creations (/creations) and one creation (/creations/{id}): the user's runs, newest first, with
 * a category filter, Load more, and Delete after a confirmation. Every value is a narrow selector on
 * the page's creations flow; every control sends it an event.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { creationsFlow, type CreationsLogic } from '../../flows/creations/creations.effects';
import { useFlow, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { ConfirmDialog } from '../../components/ui/dialog/confirm-dialog';
import * as page from '../../components/ui/page/page.css';
import {
  anyFilter,
  bulkDeleteQuestion,
  filtersOf,
  LIST_PAGE,
  sameFilters,
  type Filters,
} from '../../flows/creations/creations.machine';
import { CreationDetail, CreationHeading } from './CreationDetail';
import type { CreationsSearch } from './creations-search';
import { CreationTile } from './CreationTile';
import { ClearFilters, CreationsToolbar } from './CreationsToolbar';
import * as styles from './creations.css';

export type CreationsActor = Actor<CreationsLogic>;

export interface CreationsPageProps {
  /** The one-run page: only this creation. */
  id?: string;
  /** The list page: the address's search as its route validated it (useSearch), read for the filters (CREATIONS-9). */
  search?: CreationsSearch;
  /** COLLECT-9: a collection's page lists its creations (its own page gives the heading). */
  collection?: string;
  /** Tests give it fake effects. */
  flow?: Flow<CreationsLogic>;
}

export function CreationsPage({ id, search, collection, flow = creationsFlow }: CreationsPageProps) {
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
      filters: search
        ? filtersOf({ ...search, starred: search.starred ? '1' : null } as Partial<Filters>)
        : collection
          ? { collection }
          : null,
      // CREATIONS-16: a page fills the gallery's first screen (at least 20 tiles at 1280×800).
      limit: id === undefined ? LIST_PAGE : null,
    },
  });
  const single = id !== undefined;
  // Back, Forward or an edited address: the list follows the router's search (the same filters change nothing).
  const { q, tool, status, from, to, starred, collection: inCollection } = search ?? {};
  useEffect(() => {
    if (!search) return;
    const filters = filtersOf({
      q,
      tool,
      status,
      from,
      to,
      starred: starred ? '1' : null,
      collection: inCollection,
    } as Partial<Filters>);
    // Only an address that says something else than the list (the list's own replace comes back here too).
    if (!sameFilters(filters, actor.getSnapshot().context.filters)) actor.send({ type: 'creations.filters', filters });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, q, tool, status, from, to, starred, inCollection]);
  if (collection !== undefined)
    return (
      <>
        <Banner actor={actor} />
        <List actor={actor} single={false} />
        <More actor={actor} />
        <ConfirmDelete actor={actor} />
      </>
    );
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
        {single ? <CreationHeading actor={actor} /> : <h1 className={page.title}>My creations</h1>}
        {single ? null : <p className={page.lead}>Everything you have made, newest first.</p>}
      </header>
      {single ? null : <CreationsToolbar actor={actor} />}
      <Banner actor={actor} />
      <List actor={actor} single={single} />
      {single ? null : <More actor={actor} />}
      <ConfirmDelete actor={actor} />
      {single ? null : <ConfirmBulkDelete actor={actor} />}
    </div>
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
    return single ? (
      <p className={styles.empty} aria-live="polite">
        Loading...
      </p>
    ) : (
      <Skeleton />
    );
  if (failed) return null;
  // COLLECT-9: an empty collection (its page, or the Collection filter alone).
  if (items.length === 0 && !single && filters.collection !== null && !anyFilter({ ...filters, collection: null }))
    return (
      <p className={styles.empty}>
        Nothing in this collection yet. In <Link to="/creations">My creations</Link>, Select some and choose Add to
        collection….
      </p>
    );
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

/**
 * CREATIONS-16: while the first page loads, a page of tiles' shapes in the gallery's grid (said as Loading...
 * to a screen reader), so the page keeps its layout when the runs arrive.
 */
function Skeleton() {
  return (
    <div aria-busy="true">
      <p className={styles.srOnly} role="status">
        Loading...
      </p>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: LIST_PAGE }, (_, i) => (
          <li key={i} className={styles.skeletonTile}>
            <span className={styles.skeletonPicture} />
            <span className={styles.skeletonLine} />
            <span className={styles.skeletonLine} />
          </li>
        ))}
      </ul>
    </div>
  );
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
    <ConfirmDialog
      open={open}
      title="Delete creation"
      description="Delete this creation and its files? This cannot be undone."
      confirm="Delete"
      busyLabel="Deleting..."
      busy={deleting}
      onConfirm={() => actor.send({ type: 'creations.delete.confirm' })}
      onCancel={() => actor.send({ type: 'creations.delete.cancel' })}
    />
  );
}

/** CREATIONS-12: Delete N creations? This cannot be undone. */
function ConfirmBulkDelete({ actor }: { actor: CreationsActor }) {
  const open = useSelector(actor, (s) => s.hasTag('confirmingBulk') || s.hasTag('bulkDeleting'));
  const deleting = useSelector(actor, (s) => s.hasTag('bulkDeleting'));
  const count = useSelector(actor, (s) => s.context.selected.length);
  return (
    <ConfirmDialog
      open={open}
      title="Delete creations"
      description={bulkDeleteQuestion(count)}
      confirm="Delete"
      busyLabel="Deleting..."
      busy={deleting}
      onConfirm={() => actor.send({ type: 'creations.bulkDelete.confirm' })}
      onCancel={() => actor.send({ type: 'creations.bulkDelete.cancel' })}
    />
  );
}
