/**
 * One collection (/creations/collections/{id}, COLLECT-9): its name as the heading with Rename and Delete
 * (COLLECT-3, COLLECT-5), and its creations listed as My creations lists them. Every value is a narrow selector on
 * the page's collection flow; every control sends it an event.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { collectionFlow, type CollectionLogic } from '../../flows/collections/collections.effects';
import { DELETE_COLLECTION_CONFIRMATION } from '../../flows/collections/collection.machine';
import { useFlow, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { ConfirmDialog } from '../../components/ui/dialog/confirm-dialog';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { CreationsPage } from './CreationsPage';
import * as styles from './creations.css';

type CollectionActor = Actor<CollectionLogic>;

export function CollectionPage({ id, flow = collectionFlow }: { id: string; flow?: Flow<CollectionLogic> }) {
  const actor = useFlow(flow, { input: { id } });
  const found = useSelector(actor, (s) => s.context.collection !== null);
  return (
    <div className={styles.root}>
      <header className={page.header}>
        <Link to="/creations" className={page.eyebrow}>
          ← My creations
        </Link>
        <Heading actor={actor} />
      </header>
      <Failure actor={actor} />
      {found ? <CreationsPage collection={id} /> : null}
      <ConfirmDeleteCollection actor={actor} />
    </div>
  );
}

function Heading({ actor }: { actor: CollectionActor }) {
  const name = useSelector(actor, (s) => s.context.collection?.name ?? null);
  const renaming = useSelector(actor, (s) => s.matches('renaming') || s.matches('saving'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const error = useSelector(actor, (s) => (s.matches('failed') ? null : s.context.error));
  if (loading)
    return (
      <p className={styles.empty} aria-live="polite">
        Loading...
      </p>
    );
  if (name === null) return <h1 className={page.title}>Collection</h1>;
  return (
    <>
      <p className={page.eyebrow}>Collection</p>
      {renaming ? <RenameForm actor={actor} /> : <h1 className={page.title}>{name}</h1>}
      {renaming ? null : (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${buttons.button.secondary} ${buttons.small}`}
            onClick={() => actor.send({ type: 'collection.rename' })}
          >
            Rename
          </button>
          <button
            type="button"
            className={`${buttons.button.ghost} ${buttons.small}`}
            onClick={() => actor.send({ type: 'collection.delete' })}
          >
            Delete collection
          </button>
        </div>
      )}
      {error ? (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** COLLECT-3: the name in a field, Save and Cancel. */
function RenameForm({ actor }: { actor: CollectionActor }) {
  const name = useSelector(actor, (s) => s.context.name);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  return (
    <form
      className={styles.collectNewRow}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'collection.save' });
      }}
    >
      <label className={styles.filterField}>
        <span className={styles.srOnly}>Collection name</span>
        <input
          className={forms.input}
          value={name}
          maxLength={60}
          disabled={saving}
          onChange={(e) => actor.send({ type: 'collection.name', name: e.target.value })}
        />
      </label>
      <button
        type="submit"
        className={`${buttons.button.primary} ${buttons.small}`}
        disabled={saving || name.trim() === ''}
      >
        {saving ? 'Saving...' : 'Save'}
      </button>
      <button
        type="button"
        className={`${buttons.button.ghost} ${buttons.small}`}
        disabled={saving}
        onClick={() => actor.send({ type: 'collection.cancel' })}
      >
        Cancel
      </button>
    </form>
  );
}

function Failure({ actor }: { actor: CollectionActor }) {
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  if (error === null) return null;
  return (
    <div role="alert" className={styles.alert}>
      {error}{' '}
      <button
        type="button"
        className={buttons.button.secondary}
        onClick={() => actor.send({ type: 'collection.reload' })}
      >
        Try again
      </button>
    </div>
  );
}

/** COLLECT-5: Delete this collection? The creations stay in My creations. */
function ConfirmDeleteCollection({ actor }: { actor: CollectionActor }) {
  const open = useSelector(actor, (s) => s.matches('confirming') || s.matches('deleting'));
  const deleting = useSelector(actor, (s) => s.matches('deleting'));
  return (
    <ConfirmDialog
      open={open}
      title="Delete collection"
      description={DELETE_COLLECTION_CONFIRMATION}
      confirm="Delete"
      busyLabel="Deleting..."
      busy={deleting}
      onConfirm={() => actor.send({ type: 'collection.delete.confirm' })}
      onCancel={() => actor.send({ type: 'collection.delete.cancel' })}
    />
  );
}
