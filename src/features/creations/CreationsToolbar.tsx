/**
 * My creations' toolbar (CREATIONS-8, CREATIONS-10, CREATIONS-17): the search with More filters (tool, status,
 * days, in a row below), the categories and Select mode, in one row at 1280 px (so a 1280×800 screen still shows
 * at least 20 whole tiles); it wraps on a phone. Each control sends the page's creations flow an event.
 */
import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Creation } from '../../api/schemas';
import { categories, tools, type Category } from '../../catalog';
import * as buttons from '../../components/ui/button/button.css';
import * as forms from '../../components/ui/form/form.css';
import { anyFilter, type Filters } from '../../flows/creations/creations.machine';
import { compareChoice } from '../../flows/compare/compare-rules';
import { collectionsFlow } from '../../flows/collections/collections.effects';
import { useFlow } from '../../app/provider';
import {
  AddToCollectionDialog,
  CollectionFilter,
  CollectNotice,
  SelectCollect,
  StarredFilter,
  useCollectedPatches,
  type CollectionsActor,
} from './CollectionsControls';
import type { CreationsActor } from './CreationsPage';
import { SelectionRefine } from './CreationRefine';
import * as styles from './creations.css';

/**
 * CREATIONS-17: one row that keeps its layout: the search (its width fixed), More filters and Clear filters, the
 * categories, Select; the tool, status and days open in a row of their own below it, so opening them moves nothing
 * in the row above.
 */
export function CreationsToolbar({ actor }: { actor: CreationsActor }) {
  const filters = useSelector(actor, (s) => s.context.filters);
  const [opened, setOpened] = useState(false);
  // COLLECT-4, COLLECT-7: the person's collections, for the Collection filter and Select mode's actions.
  const collections = useFlow(collectionsFlow);
  useCollectedPatches(collections, actor);
  // Open while one of them is set: what filters the list is in sight.
  const open = opened || moreSet(filters);
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarRow}>
        <SearchBar actor={actor} open={open} onToggle={() => setOpened(!open)} />
        <Filter actor={actor} />
        <SelectBar actor={actor} collections={collections} />
      </div>
      {open ? <MoreFilters actor={actor} collections={collections} /> : null}
      <CollectNotice collections={collections} />
      <AddToCollectionDialog collections={collections} />
    </div>
  );
}

const MORE_FILTERS_ID = 'creations-more-filters';

const statusChoices: [Creation['status'], string][] = [
  ['succeeded', 'Done'],
  ['failed', 'Failed'],
  ['processing', 'In progress'],
  ['starting', 'Starting'],
  ['canceled', 'Canceled'],
];

/** Whether a filter folded under More filters is set (it then shows open). */
const moreSet = (filters: Filters): boolean =>
  Boolean(filters.tool || filters.status || filters.from || filters.to || filters.collection || filters.starred);

/** CREATIONS-8: the search of the prompts, the button that shows the other filters, and Clear filters. */
function SearchBar({ actor, open, onToggle }: { actor: CreationsActor; open: boolean; onToggle: () => void }) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const clearable = useSelector(actor, (s) => anyFilter(s.context.filters) || s.context.category !== null);
  const locked = useSelector(actor, lockedNow);
  // Enter once the pause has applied what is typed has nothing left to apply (the machine's draftPending).
  const searchPending = useSelector(actor, (s) => s.can({ type: 'creations.search' }));
  return (
    <form
      role="search"
      aria-label="Search my creations"
      className={styles.searchBar}
      onSubmit={(e) => {
        e.preventDefault();
        if (searchPending) actor.send({ type: 'creations.search' });
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
      <button
        type="button"
        className={`${buttons.button.secondary} ${buttons.small}`}
        aria-expanded={open}
        aria-controls={open ? MORE_FILTERS_ID : undefined}
        onClick={onToggle}
      >
        More filters
      </button>
      {clearable || draft !== '' ? <ClearFilters actor={actor} disabled={locked} /> : null}
    </form>
  );
}

const lockedNow = (s: ReturnType<CreationsActor['getSnapshot']>) =>
  s.hasTag('zipping') || s.hasTag('bulkDeleting') || s.hasTag('deleting');

/**
 * The tool, the status and the days, in a row below the toolbar's (CREATIONS-8). The tools listed are the chosen
 * category's (CREATIONS-17: a tool and the category chips are one filter).
 */
function MoreFilters({ actor, collections }: { actor: CreationsActor; collections: CollectionsActor }) {
  const filters = useSelector(actor, (s) => s.context.filters);
  const category = useSelector(actor, (s) => s.context.category);
  const locked = useSelector(actor, lockedNow);
  const set = (change: Partial<Filters>) => actor.send({ type: 'creations.filters', filters: change });
  return (
    <div id={MORE_FILTERS_ID} role="group" aria-label="More filters" className={styles.moreFields}>
      <label className={styles.filterField}>
        <span className={forms.label}>Tool</span>
        <select
          className={forms.input}
          value={filters.tool ?? ''}
          disabled={locked}
          onChange={(e) => set({ tool: e.target.value || null })}
        >
          <option value="">{category ? `All ${category} tools` : 'All tools'}</option>
          {tools
            .filter((t) => category === null || t.category === category)
            .map((t) => (
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
      <DayField label="From" value={filters.from} disabled={locked} onChange={(from) => set({ from })} />
      <DayField label="To" value={filters.to} disabled={locked} onChange={(to) => set({ to })} />
      <CollectionFilter actor={actor} collections={collections} disabled={locked} />
      <StarredFilter actor={actor} disabled={locked} />
    </div>
  );
}

/** One day of the From/To range: an empty field is no bound. */
function DayField({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string | null | undefined;
  disabled: boolean;
  onChange: (day: string | null) => void;
}) {
  return (
    <label className={styles.filterField}>
      <span className={forms.label}>{label}</span>
      <input
        type="date"
        className={forms.input}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value || null)}
      />
    </label>
  );
}

export function ClearFilters({ actor, disabled = false }: { actor: CreationsActor; disabled?: boolean }) {
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

/**
 * CREATIONS-10: Select mode, Select all on this page, the count, Download ZIP, Compare (COMPARE-1), Star and Add to
 * collection… (COLLECT-4), Upscale 2× and Vary (REFINE-1), Delete.
 */
function SelectBar({ actor, collections }: { actor: CreationsActor; collections: CollectionsActor }) {
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
      <CompareAction actor={actor} />
      <SelectCollect actor={actor} collections={collections} />
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
      <SelectionRefine actor={actor} />
    </div>
  );
}

/**
 * COMPARE-1: Compare opens /creations/compare with the chosen ids when they are 2 to 4 finished creations of one
 * kind; otherwise it is disabled and says why (its description).
 */
function CompareAction({ actor }: { actor: CreationsActor }) {
  const choice = useSelector(
    actor,
    (s) => compareChoice(s.context.items, s.context.selected),
    (a, b) => a.reason === b.reason && a.ids?.join(',') === b.ids?.join(','),
  );
  const why = useId();
  if (choice.ids)
    return (
      <Link
        to="/creations/compare"
        search={{ ids: choice.ids.join(',') }}
        className={`${buttons.button.secondary} ${buttons.small}`}
      >
        Compare
      </Link>
    );
  return (
    <>
      <button
        type="button"
        className={`${buttons.button.secondary} ${buttons.small}`}
        disabled
        aria-describedby={why}
        title={choice.reason}
      >
        Compare
      </button>
      <span id={why} className={styles.srOnly}>
        {choice.reason}
      </span>
    </>
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
