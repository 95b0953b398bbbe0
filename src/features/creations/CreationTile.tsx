/** One run in My creations' gallery, and the Download and Delete both a tile and a creation's page offer. */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Creation } from '../../api/schemas';
import * as buttons from '../../components/ui/button/button.css';
import { CreationPicture } from '../../components/ui/creation-picture/creation-picture';
import { actionIcon } from '../../components/ui/icons/creation-icons';
import { StarToggle } from '../../components/ui/star-toggle/star-toggle';
import { useStar } from '../../app/stars';
import { firstOutputOf, inProgress } from '../../flows/creations/creations.machine';
import type { CreationsActor } from './CreationsPage';
import * as styles from './creations.css';

export const statusWord: Record<Creation['status'], string> = {
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
 * COLLECT-1: a finished creation's star; the list is told of a change (creations.patch) so its filters and Select
 * mode see it. Keyed by the list's word on it, so a list read again starts it from what the server says.
 */
function CreationStar({ creation, actor, compact }: { creation: Creation; actor: CreationsActor; compact: boolean }) {
  const star = useStar(creation.id, creation.starred ?? false, (starred) =>
    actor.send({ type: 'creations.patch', ids: [creation.id], starred }),
  );
  return (
    <>
      <StarToggle
        starred={star.starred}
        busy={star.busy}
        compact={compact}
        className={compact ? styles.iconAction : ''}
        about={compact ? (creation.prompt ?? creation.title) : undefined}
        onToggle={star.toggle}
      />
      {star.error ? (
        <span role="alert" className={compact ? styles.srOnly : styles.alert}>
          {star.error}
        </span>
      ) : null}
    </>
  );
}

/**
 * The star (COLLECT-1), Download (files) and Delete, the same on a tile (`compact`: icons named Download and
 * Delete) and on the creation's page (words).
 */
export function CreationActions({
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
      {running ? null : (
        <CreationStar
          key={`${creation.id}:${String(creation.starred ?? false)}`}
          creation={creation}
          actor={actor}
          compact={compact}
        />
      )}
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

/**
 * One run in the gallery (CREATIONS-16): its picture (the server's thumbnail, a text's first words, or an icon)
 * that opens its page, with Download and Delete in its corner and the whole prompt over it while the tile is
 * hovered or holds the focus (and named as the link's description); below, its tool, then its status, cost and day.
 */
export function CreationTile({ creation, actor }: { creation: Creation; actor: CreationsActor }) {
  const output = firstOutputOf(creation);
  const when = new Date(creation.createdAt);
  const promptId = `creation-prompt-${creation.id}`;
  const running = inProgress(creation);
  return (
    <li className={styles.tile} aria-label={`${creation.title}, ${when.toLocaleString()}`}>
      <SelectBox creation={creation} actor={actor} label={`Select ${creation.title}, ${when.toLocaleString()}`} />
      <Link
        to="/creations/$id"
        params={{ id: creation.id }}
        className={styles.thumb}
        aria-label={`Open ${creation.title}`}
        {...(creation.prompt ? { 'aria-describedby': promptId } : {})}
      >
        <CreationPicture
          creation={creation}
          word={running ? 'Working…' : creation.status === 'succeeded' ? creation.category : 'No output'}
          onBroken={(url) => actor.send({ type: 'creations.readdress', url })}
        />
      </Link>
      {creation.prompt ? (
        <p className={styles.prompt} id={promptId}>
          {creation.prompt}
        </p>
      ) : null}
      <CreationActions creation={creation} actor={actor} output={output} compact />
      <h2 className={styles.toolName} title={creation.title}>
        {creation.title}
      </h2>
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
