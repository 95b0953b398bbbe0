/**
 * Settings › Prompt history (PROMPT-3): 'Clear prompt history' asks first, then forgets every prompt the account
 * ran; creations stay. Every value is a narrow selector on the clear flow.
 */
import { useSelector } from '@xstate/react';
import {
  CLEAR_HISTORY_CONFIRMATION,
  HISTORY_CLEARED,
  type ClearPromptHistoryMachine,
} from '../../flows/prompts/clear-prompt-history.machine';
import { clearPromptHistoryFlow } from '../../flows/prompts/prompts.effects';
import { useFlow, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { ConfirmDialog } from '../../components/ui/dialog/confirm-dialog';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import { ErrorBanner } from '../../components/ui/form/fields';
import * as styles from './account.css';

export function PromptHistorySection({ logic = clearPromptHistoryFlow }: { logic?: Flow<ClearPromptHistoryMachine> }) {
  const actor = useFlow(logic);
  const open = useSelector(actor, (s) => s.matches('confirming') || s.matches('clearing'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const cleared = useSelector(actor, (s) => s.context.cleared);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <section className={`${card.padded} ${styles.section}`} aria-labelledby="prompt-history-title">
      <h2 id="prompt-history-title" className={page.sectionTitle}>
        Prompt history
      </h2>
      <p>
        The prompts you ran are offered again in each tool’s Recent prompts, even after their creations are deleted.
      </p>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={forms.actions}>
        <button
          type="button"
          className={buttons.button.secondary}
          disabled={busy}
          onClick={() => actor.send({ type: 'history.clear' })}
        >
          Clear prompt history
        </button>
        {cleared ? <span role="status">{HISTORY_CLEARED}</span> : null}
      </div>
      <ConfirmDialog
        open={open}
        title="Clear prompt history"
        description={CLEAR_HISTORY_CONFIRMATION}
        confirm="Clear history"
        busyLabel="Clearing..."
        busy={busy}
        onConfirm={() => actor.send({ type: 'history.clear.confirm' })}
        onCancel={() => actor.send({ type: 'history.clear.cancel' })}
      />
    </section>
  );
}
