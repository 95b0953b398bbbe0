/**
 * My creations' toolbar (CREATIONS-8, CREATIONS-10): the search with More filters (tool, status, days),
 * the categories and Select mode, in one row at 1280 px (so a 1280×800 screen still shows twelve whole
 * tiles); it wraps on a phone. Each control sends the page's creations flow an event.
 */
import { useSelector } from '@xstate/react';
import type { Creation } from '../../api/schemas';
import { categories, tools, type Category } from '../../catalog';
import * as buttons from '../../components/ui/button/button.css';
import * as forms from '../../components/ui/form/form.css';
import { anyFilter, type Filters } from '../../flows/creations/creations.machine';
import type { CreationsActor } from './CreationsPage';
import * as styles from './creations.css';

export function CreationsToolbar({ actor }: { actor: CreationsActor }) {
  return (
    <div className={styles.toolbarRow}>
      <SearchBar actor={actor} />
      <Filter actor={actor} />
      <SelectBar actor={actor} />
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
  // Enter once the pause has applied what is typed has nothing left to apply (the machine's draftPending).
  const searchPending = useSelector(actor, (s) => s.can({ type: 'creations.search' }));
  const set = (change: Partial<Filters>) => actor.send({ type: 'creations.filters', filters: change });
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
          <DayField label="From" value={filters.from} disabled={locked} onChange={(from) => set({ from })} />
          <DayField label="To" value={filters.to} disabled={locked} onChange={(to) => set({ to })} />
        </div>
      </details>
      {anyFilter(filters) || draft !== '' ? <ClearFilters actor={actor} disabled={locked} /> : null}
    </form>
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
