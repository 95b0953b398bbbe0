/**
 * A creation's public link (SHARE-4 to SHARE-6): Share, then the link in a read-only field with Copy link
 * and Open, and Stop sharing after a confirmation. Every value is a narrow selector on the share flow.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { ShareAnswer } from '../../api/schemas';
import { creationShareFlow, type CreationShareLogic } from '../../flows/creations/creations.effects';
import { useFlow, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { ConfirmDialog } from '../../components/ui/dialog/confirm-dialog';
import { LINK_COPIED, STOP_SHARING_CONFIRMATION } from '../../flows/creations/creation-share.machine';
import * as styles from './creations.css';

type ShareActor = Actor<CreationShareLogic>;

export function CreationShare({
  id,
  link,
  flow = creationShareFlow,
}: {
  id: string;
  link: ShareAnswer | null;
  flow?: Flow<CreationShareLogic>;
}) {
  const actor = useFlow(flow, { input: { id, link } });
  const shared = useSelector(actor, (s) => s.context.link);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <section className={styles.share} aria-label="Share">
      <h3 className={styles.uploadsTitle}>Public link</h3>
      {shared ? <Link actor={actor} url={shared.url} /> : <ShareButton actor={actor} />}
      {error ? (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      ) : null}
      <ConfirmStop actor={actor} />
    </section>
  );
}

function ShareButton({ actor }: { actor: ShareActor }) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={`${buttons.button.secondary} ${buttons.small}`}
        disabled={busy}
        onClick={() => actor.send({ type: 'share.create' })}
      >
        {busy ? 'Sharing...' : 'Share'}
      </button>
    </div>
  );
}

function Link({ actor, url }: { actor: ShareActor; url: string }) {
  const copied = useSelector(actor, (s) => s.context.copied);
  const field = useId();
  return (
    <>
      <p id={field} className={styles.shareLabel}>
        Anyone with this link can see the result, its tool and its prompt.
      </p>
      <input
        aria-describedby={field}
        className={styles.shareField}
        aria-label="Public link"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className={`${buttons.button.secondary} ${buttons.small}`}
          onClick={() => actor.send({ type: 'share.copy' })}
        >
          Copy link
        </button>
        <a className={`${buttons.button.secondary} ${buttons.small}`} href={url} target="_blank" rel="noreferrer">
          Open
        </a>
        <button
          type="button"
          className={`${buttons.button.ghost} ${buttons.small}`}
          onClick={() => actor.send({ type: 'share.stop' })}
        >
          Stop sharing
        </button>
        {copied ? (
          <span role="status" className={styles.copied}>
            {LINK_COPIED}
          </span>
        ) : null}
      </div>
    </>
  );
}

function ConfirmStop({ actor }: { actor: ShareActor }) {
  const open = useSelector(actor, (s) => s.matches('confirming') || s.matches('revoking'));
  const revoking = useSelector(actor, (s) => s.matches('revoking'));
  return (
    <ConfirmDialog
      open={open}
      title="Stop sharing"
      description={STOP_SHARING_CONFIRMATION}
      confirm="Stop sharing"
      busyLabel="Stopping..."
      busy={revoking}
      onConfirm={() => actor.send({ type: 'share.stop.confirm' })}
      onCancel={() => actor.send({ type: 'share.stop.cancel' })}
    />
  );
}
