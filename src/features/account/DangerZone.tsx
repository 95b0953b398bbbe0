import { useSelector } from '@xstate/react';
import { DELETE_CONFIRMATION } from '../../flows/account/delete-account.machine';
import type { deleteAccountMachine } from '../../flows/account/delete-account.machine';
import { deleteAccountFlow } from '../../flows/account/account.effects';
import { useFlow, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { ConfirmDialog } from '../../components/ui/dialog/confirm-dialog';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import { ErrorBanner } from '../../components/ui/form/fields';
import * as styles from './account.css';

/** Danger Zone: Delete Account after the confirmation of ACCOUNT-5; the session then goes to /. */
export function DangerZone({ logic = deleteAccountFlow }: { logic?: Flow<typeof deleteAccountMachine> }) {
  const actor = useFlow(logic);
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const canDelete = useSelector(actor, (s) => s.can({ type: 'account.delete' }));

  return (
    <section className={`${card.padded} ${styles.section} ${styles.danger}`} aria-labelledby="danger-title">
      <h2 id="danger-title" className={page.sectionTitle}>
        Danger Zone
      </h2>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={forms.actions}>
        <button
          type="button"
          className={buttons.button.secondary}
          disabled={!canDelete}
          onClick={() => actor.send({ type: 'account.delete' })}
        >
          {busy ? 'Deleting...' : 'Delete Account'}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete Account"
        description={DELETE_CONFIRMATION}
        role="alertdialog"
        confirm="Delete my account"
        onConfirm={() => actor.send({ type: 'account.delete.confirm' })}
        onCancel={() => actor.send({ type: 'account.delete.cancel' })}
      />
    </section>
  );
}
