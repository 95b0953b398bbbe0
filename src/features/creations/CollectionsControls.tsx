/**
 * My creations' stars and collections (COLLECT-4, COLLECT-7): the Starred toggle of the toolbar, the Collection
 * select of More filters, Select mode's Star and Add to collection…, and that dialog. Every value is a narrow
 * selector on the page's creations flow or its collections flow; every control sends one of them an event.
 */
import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { CollectionsLogic } from '../../flows/collections/collections.effects';
import * as buttons from '../../components/ui/button/button.css';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import * as dialogs from '../../components/ui/dialog/dialog.css';
import * as forms from '../../components/ui/form/form.css';
import type { CreationsActor } from './CreationsPage';
import * as styles from './creations.css';

export type CollectionsActor = Actor<CollectionsLogic>;

/** COLLECT-1, COLLECT-4: what Star and Add to collection… changed shows in the list at once (creations.patch). */
export function useCollectedPatches(collections: CollectionsActor, actor: CreationsActor) {
  useEffect(() => {
    const sub = collections.on('collected', ({ ids, starred, collectionIds }) =>
      actor.send({
        type: 'creations.patch',
        ids,
        ...(starred === undefined ? {} : { starred }),
        ...(collectionIds ? { collectionIds } : {}),
      }),
    );
    return () => sub.unsubscribe();
  }, [collections, actor]);
}

/**
 * COLLECT-7: only the starred ones (starred=1 in the address), a toggle in More filters (the toolbar's row keeps
 * its width: CREATIONS-16).
 */
export function StarredFilter({ actor, disabled }: { actor: CreationsActor; disabled: boolean }) {
  const on = useSelector(actor, (s) => s.context.filters.starred === '1');
  return (
    <div className={styles.filterField}>
      <span className={forms.label} aria-hidden="true">
        Stars
      </span>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={on}
        disabled={disabled}
        onClick={() => actor.send({ type: 'creations.filters', filters: { starred: on ? null : '1' } })}
      >
        Starred
      </button>
    </div>
  );
}

/** COLLECT-7: one collection's creations (collection=<id> in the address), in More filters. */
export function CollectionFilter({
  actor,
  collections,
  disabled,
}: {
  actor: CreationsActor;
  collections: CollectionsActor;
  disabled: boolean;
}) {
  const chosen = useSelector(actor, (s) => s.context.filters.collection);
  const list = useSelector(collections, (s) => s.context.collections);
  return (
    <label className={styles.filterField}>
      <span className={forms.label}>Collection</span>
      <select
        className={forms.input}
        value={chosen ?? ''}
        disabled={disabled}
        onChange={(e) => actor.send({ type: 'creations.filters', filters: { collection: e.target.value || null } })}
      >
        <option value="">Any collection</option>
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
        {/* An address naming a collection not (yet) listed keeps its choice shown. */}
        {chosen && !list.some((c) => c.id === chosen) ? <option value={chosen}>This collection</option> : null}
      </select>
    </label>
  );
}

/** COLLECT-4: Select mode's Star and Add to collection… for the chosen creations. */
export function SelectCollect({ actor, collections }: { actor: CreationsActor; collections: CollectionsActor }) {
  const selected = useSelector(actor, (s) => s.context.selected);
  const locked = useSelector(actor, (s) => s.hasTag('busy'));
  const ready = useSelector(collections, (s) => s.matches('ready'));
  const starring = useSelector(collections, (s) => s.hasTag('starring'));
  const off = locked || !ready || selected.length === 0;
  return (
    <>
      <button
        type="button"
        className={`${buttons.button.secondary} ${buttons.small}`}
        disabled={off}
        onClick={() => collections.send({ type: 'collections.star', ids: selected })}
      >
        {starring ? 'Starring...' : 'Star'}
      </button>
      <button
        type="button"
        className={`${buttons.button.secondary} ${buttons.small}`}
        disabled={off}
        onClick={() => collections.send({ type: 'collections.open', ids: selected })}
      >
        Add to collection…
      </button>
    </>
  );
}

/** COLLECT-4: the sentence of the last Star or Add (or its failure), under the toolbar. */
export function CollectNotice({ collections }: { collections: CollectionsActor }) {
  const notice = useSelector(collections, (s) => (s.matches('ready') ? s.context.notice : null));
  const error = useSelector(collections, (s) => (s.matches('ready') ? s.context.error : null));
  if (error)
    return (
      <p role="alert" className={styles.alert}>
        {error}
      </p>
    );
  return (
    <p role="status" className={notice ? styles.collectNotice : styles.srOnly}>
      {notice ?? ''}
    </p>
  );
}

/** COLLECT-3, COLLECT-4: Add to collection: a checkbox per collection, a new one by name, Add and Cancel. */
export function AddToCollectionDialog({ collections }: { collections: CollectionsActor }) {
  const open = useSelector(collections, (s) => s.matches('choosing') || s.matches('creating') || s.matches('adding'));
  const list = useSelector(collections, (s) => s.context.collections);
  const chosen = useSelector(collections, (s) => s.context.chosen);
  const name = useSelector(collections, (s) => s.context.name);
  const count = useSelector(collections, (s) => s.context.ids.length);
  const error = useSelector(collections, (s) => s.context.error);
  const creating = useSelector(collections, (s) => s.matches('creating'));
  const adding = useSelector(collections, (s) => s.matches('adding'));
  const busy = creating || adding;
  const nameId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !busy) collections.send({ type: 'collections.cancel' });
      }}
    >
      <DialogContent
        title="Add to collection"
        description={`Choose where the ${count} selected creation${count === 1 ? '' : 's'} go.`}
      >
        <fieldset className={styles.collectChoices} disabled={busy}>
          <legend className={styles.srOnly}>Collections</legend>
          {list.length === 0 ? <p className={styles.empty}>No collections yet: name your first one below.</p> : null}
          {list.map((c) => (
            <label key={c.id} className={styles.collectChoice}>
              <input
                type="checkbox"
                checked={chosen.includes(c.id)}
                onChange={() => collections.send({ type: 'collections.choose', id: c.id })}
              />
              <span>{c.name}</span>
            </label>
          ))}
        </fieldset>
        <form
          className={styles.collectNew}
          onSubmit={(e) => {
            e.preventDefault();
            collections.send({ type: 'collections.create' });
          }}
        >
          <label htmlFor={nameId} className={forms.label}>
            New collection
          </label>
          <div className={styles.collectNewRow}>
            <input
              id={nameId}
              className={forms.input}
              value={name}
              maxLength={60}
              disabled={busy}
              placeholder="Name it"
              onChange={(e) => collections.send({ type: 'collections.name', name: e.target.value })}
            />
            <button
              type="submit"
              className={`${buttons.button.secondary} ${buttons.small}`}
              disabled={busy || name.trim() === ''}
            >
              {creating ? 'Creating...' : 'Create'}
            </button>
          </div>
        </form>
        {error ? (
          <p role="alert" className={styles.alert}>
            {error}
          </p>
        ) : null}
        <div className={dialogs.actions}>
          <button
            type="button"
            className={buttons.button.secondary}
            disabled={busy}
            onClick={() => collections.send({ type: 'collections.cancel' })}
          >
            Cancel
          </button>
          <button
            type="button"
            className={buttons.button.primary}
            disabled={busy || chosen.length === 0}
            onClick={() => collections.send({ type: 'collections.add' })}
          >
            {adding ? 'Adding...' : 'Add'}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
