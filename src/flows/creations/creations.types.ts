/** The types of My creations' flow (src/flows/creations/creations.machine.ts). */
import type { Creation } from '../../api/schemas';
import type { Category } from '../../catalog/tools';

/** The search and filters of My creations (CREATIONS-8), as the address keeps them; null: not set. */
export interface Filters {
  q: string | null;
  tool: string | null;
  status: Creation['status'] | null;
  from: string | null;
  to: string | null;
  /** COLLECT-7: '1' lists only the starred runs. */
  starred: string | null;
  /** COLLECT-7: only the runs of this collection (its id). */
  collection: string | null;
}

export interface CreationsInput {
  /** The one-run page: load only this run. */
  only?: string | null;
  category?: Category | null;
  /** How many runs a page holds (the server's default when absent); the catalogue's strip of recent creations asks for a few. */
  limit?: number | null;
  /** The search and filters the address holds (CREATIONS-8). */
  filters?: Partial<Filters> | null;
}

export interface LoadInput {
  only: string | null;
  category: Category | null;
  cursor: string | null;
  limit: number | null;
  filters: Filters;
}

/** CREATIONS-20: the runs shown read again, as many as are listed, for their addresses signed afresh. */
export interface ReloadInput {
  load: LoadInput;
  count: number;
}

export interface CreationsContext {
  only: string | null;
  category: Category | null;
  limit: number | null;
  items: readonly Creation[];
  nextCursor: string | null;
  /** The run waiting for the delete confirmation, or being deleted. */
  pending: string | null;
  error: string | null;
  /** The search and filters the list was loaded with (CREATIONS-8). */
  filters: Filters;
  /** The search field as typed: it applies after a pause or on Enter. */
  draft: string;
  /** Select mode (CREATIONS-10): a checkbox on each finished run. */
  selecting: boolean;
  /** The runs chosen, in the order they were. */
  selected: readonly string[];
}

export type CreationsEvent =
  | { type: 'creations.more' }
  | { type: 'creations.filter'; category: Category | null }
  | { type: 'creations.reload' }
  | { type: 'creations.delete'; id: string }
  | { type: 'creations.delete.confirm' }
  | { type: 'creations.delete.cancel' }
  | { type: 'creations.type'; q: string }
  | { type: 'creations.search' }
  /** A change of some filters (a select, a day) or the address's whole search (Back, a reload). */
  | { type: 'creations.filters'; filters: Partial<Filters> }
  /** Clear filters: no search, no filter. */
  | { type: 'creations.clear' }
  | { type: 'creations.select.start' }
  | { type: 'creations.select.stop' }
  | { type: 'creations.toggle'; id: string }
  | { type: 'creations.selectPage' }
  | { type: 'creations.zip' }
  | { type: 'creations.bulkDelete' }
  | { type: 'creations.bulkDelete.confirm' }
  | { type: 'creations.bulkDelete.cancel' }
  /**
   * COLLECT-1, COLLECT-4: a star or a collection changed some listed runs elsewhere (a star toggle, Select mode's
   * Star or Add to collection): they are patched in place, nothing is read again.
   */
  | { type: 'creations.patch'; ids: readonly string[]; starred?: boolean; collectionIds?: readonly string[] }
  /** CREATIONS-18: a creation's page opens the run beside it (Previous / Next, or ← / →). */
  | { type: 'creations.neighbour'; which: 'previous' | 'next' }
  /** CREATIONS-20: a picture of the list did not load (its address, the one it failed with). */
  | { type: 'creations.readdress'; url: string };
