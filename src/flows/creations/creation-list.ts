/** The list of My creations as its machine and views read it: its filters, its runs, the names it gives. */
import type { Creation } from '../../api/schemas';
import { tools, type Category } from '../../catalog/tools';
import type { CreationsContext, CreationsInput, Filters } from './creations.types';

/** CREATIONS-16: how many runs a page of My creations holds (its first screen shows at least 20). */
export const LIST_PAGE = 30;

export const noFilters: Filters = {
  q: null,
  tool: null,
  status: null,
  from: null,
  to: null,
  starred: null,
  collection: null,
};
/** COLLECT-7: starred and collection are filters of the list like the others. */
const filterKeys = ['q', 'tool', 'status', 'from', 'to', 'starred', 'collection'] as const;
/** The filters with empty texts as not set. */
export const filtersOf = (partial: Partial<Filters> | null | undefined): Filters => {
  const out = { ...noFilters };
  for (const key of filterKeys) {
    const value = partial?.[key];
    if (typeof value === 'string' && value.trim() !== '') (out as Record<string, string | null>)[key] = value.trim();
  }
  return out;
};
/** The filters with the ones `change` names replaced (an empty text or null: not set). */
export const mergedFilters = (current: Filters, change: Partial<Filters>): Filters =>
  filtersOf({ ...current, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) });
export const sameFilters = (a: Filters, b: Filters) => filterKeys.every((key) => a[key] === b[key]);
export const anyFilter = (f: Filters) => filterKeys.some((key) => f[key] !== null);

/** CREATIONS-11: the name the ZIP of several creations is saved under. */
export const zipName = (now: Date = new Date()) => `atelier-creations-${now.toISOString().slice(0, 10)}.zip`;
/** CREATIONS-12: the confirmation of a delete of several. */
export const bulkDeleteQuestion = (n: number) => `Delete ${n} creation${n === 1 ? '' : 's'}? This cannot be undone.`;

/** A run still being made (queued runs are listed as 'starting'). */
export const inProgress = (c: Creation) => c.status === 'starting' || c.status === 'processing';

/** A run's output as one address or text: the first of several, or null when there is none. */
export const firstOutputOf = (c: Creation): string | null =>
  Array.isArray(c.output) ? (c.output[0] ?? null) : c.output;

/**
 * A fresh first page over the list shown: its runs replace theirs (a new status, output or error),
 * runs new since are put first, and the pages loaded after it stay.
 */
export function mergeFirstPage(items: readonly Creation[], fresh: readonly Creation[]): Creation[] {
  const byId = new Map(fresh.map((c) => [c.id, c]));
  const known = new Set(items.map((c) => c.id));
  return [...fresh.filter((c) => !known.has(c.id)), ...items.map((c) => byId.get(c.id) ?? c)];
}

/**
 * CREATIONS-20: whether a file address is one the server signed that has passed its end (its `exp`, in ms
 * since the epoch, FILES-2): such an address answers 403, and a fresh read of the run signs it anew. An address
 * without one (or not yet at its end) failed for another reason, and reading again would not mend it.
 */
export function expiredAddress(url: string, now: number): boolean {
  const exp = Number(new URL(url, 'https://atelier.invalid').searchParams.get('exp') ?? NaN);
  return Number.isFinite(exp) && exp <= now;
}

/** CREATIONS-20: the runs read again replace theirs (fresh addresses); the others stay as they were. */
export function withFreshAddresses(items: readonly Creation[], fresh: readonly Creation[]): Creation[] {
  const byId = new Map(fresh.map((c) => [c.id, c]));
  return items.map((c) => byId.get(c.id) ?? c);
}

/** COLLECT-1, COLLECT-4: listed runs with a star or collections changed elsewhere (creations.patch). */
export function patchItems(
  items: readonly Creation[],
  change: { ids: readonly string[]; starred?: boolean; collectionIds?: readonly string[] },
): Creation[] {
  return items.map((c) =>
    change.ids.includes(c.id)
      ? {
          ...c,
          ...(change.starred === undefined ? {} : { starred: change.starred }),
          ...(change.collectionIds
            ? { collectionIds: [...new Set([...(c.collectionIds ?? []), ...change.collectionIds])] }
            : {}),
        }
      : c,
  );
}

/** The category of a catalogue tool, or undefined (an unknown key). */
export const categoryOfTool = (key: string | null): Category | undefined =>
  key === null ? undefined : tools.find((t) => t.key === key)?.category;

/**
 * CREATIONS-17: the category chips and the Tool filter are one filter. A tool chosen (or in the address)
 * chooses its category; a category chosen (All too) drops a tool of another category. The address keeps the
 * tool, and the chip follows it.
 */
export function withTool(category: Category | null, filters: Filters): { category: Category | null; filters: Filters } {
  const ofTool = categoryOfTool(filters.tool);
  return ofTool ? { category: ofTool, filters } : { category, filters };
}
export function withCategory(
  category: Category | null,
  filters: Filters,
): { category: Category | null; filters: Filters } {
  const ofTool = categoryOfTool(filters.tool);
  return { category, filters: ofTool && ofTool !== category ? { ...filters, tool: null } : filters };
}

/** The list as it starts: nothing loaded, the address's search and filters applied (and in the search field). */
export function contextOf(input: CreationsInput): CreationsContext {
  const { category, filters } = withTool(input.category ?? null, filtersOf(input.filters));
  return {
    only: input.only ?? null,
    category,
    limit: input.limit ?? null,
    items: [],
    nextCursor: null,
    pending: null,
    error: null,
    filters,
    draft: filters.q ?? '',
    selecting: false,
    selected: [],
  };
}
