/**
 * COLLECT-6: 'Save to' on a tool page (signed in): one of the person's collections, or none, that the runs started
 * from this page join as they start. Its own chunk, loaded once the page is adopted and the person known; the list
 * is the collections flow's, the choice the page's run (`tool.saveTo`), which puts it in the start's body.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '../../app/provider';
import type { ToolRunActor } from '../../app/tools';
import { collectionsFlow } from '../../flows/collections/collections.effects';
import * as styles from './ToolPage.css';

export default function SaveTo({ run }: { run: ToolRunActor }) {
  const id = useId();
  const collections = useFlow(collectionsFlow);
  const list = useSelector(collections, (s) => s.context.collections);
  const chosen = useSelector(run, (s) => s.context.collectionId);
  const locked = useSelector(run, (s) => !s.can({ type: 'tool.saveTo', collectionId: null }));
  // Nothing to choose from: no control (a collection is made in My creations).
  if (list.length === 0 && chosen === null) return null;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        Save to
      </label>
      <select
        id={id}
        className={styles.number}
        value={chosen ?? ''}
        disabled={locked}
        onChange={(event) => run.send({ type: 'tool.saveTo', collectionId: event.target.value || null })}
      >
        <option value="">None</option>
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
