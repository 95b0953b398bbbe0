import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { billingPortalMachine } from '../../flows/account/billing-portal.machine';
import type { cancelSubscriptionMachine } from '../../flows/account/cancel-subscription.machine';
import type { changeEmailMachine } from '../../flows/account/change-email.machine';
import type { changePasswordMachine } from '../../flows/account/change-password.machine';
import type { deleteAccountMachine } from '../../flows/account/delete-account.machine';
import type { creditCsvMachine } from '../../flows/billing/credit-csv.machine';
import type { creditHistoryMachine } from '../../flows/billing/credit-history.machine';
import type { spendingMachine } from '../../flows/billing/spending.machine';
import type { ClearPromptHistoryMachine } from '../../flows/prompts/clear-prompt-history.machine';
import { useApp, useSession, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import { ErrorBanner } from '../../components/ui/form/fields';
import { AccountSection } from './AccountSection';
import { BillingSection } from './BillingSection';
import { DangerZone } from './DangerZone';
import { PromptHistorySection } from './PromptHistorySection';
import { SecuritySection } from './SecuritySection';
import * as styles from './account.css';

/** The flows the page runs; tests pass the same machines with fake effects. */
export interface SettingsLogic {
  changeEmail?: Flow<typeof changeEmailMachine>;
  changePassword?: Flow<typeof changePasswordMachine>;
  cancelSubscription?: Flow<typeof cancelSubscriptionMachine>;
  billingPortal?: Flow<typeof billingPortalMachine>;
  deleteAccount?: Flow<typeof deleteAccountMachine>;
  creditHistory?: Flow<typeof creditHistoryMachine>;
  creditCsv?: Flow<typeof creditCsvMachine>;
  spending?: Flow<typeof spendingMachine>;
  clearPromptHistory?: Flow<ClearPromptHistoryMachine>;
}

/** /settings (ACCOUNT-1; signed-in only, NAV-6). */
export function SettingsPage({ logic = {} }: { logic?: SettingsLogic }) {
  const app = useApp();
  const session = useSession();
  const email = useSelector(session, (s) => s.context.user?.email ?? null);
  const lastPasswordChange = useSelector(session, (s) => s.context.user?.lastPasswordChange ?? null);
  const subscription = useSelector(session, (s) => s.context.user?.subscription ?? null);
  const credits = useSelector(session, (s) => s.context.user?.credits ?? 0);
  const billingPortal = useSelector(session, (s) => s.context.user?.billingPortal ?? false);
  const createdAt = useSelector(session, (s) => s.context.user?.createdAt ?? null);
  const logoutError = useSelector(session, (s) => s.context.logoutError);
  const canLogout = useSelector(session, (s) => s.can({ type: 'auth.logout' }));

  // After a logout from here the visitor goes home.
  useEffect(() => {
    const sub = session.on('session.loggedOut', () => app.send({ type: 'app.navigate', to: '/' }));
    return () => sub.unsubscribe();
  }, [app, session]);

  if (email === null) return null;

  return (
    <div className={`${page.page} ${styles.sections}`}>
      <header className={page.header}>
        <h1 className={page.title}>Settings</h1>
      </header>
      <AccountSection email={email} {...(logic.changeEmail ? { logic: logic.changeEmail } : {})} />
      <SecuritySection
        lastPasswordChange={lastPasswordChange}
        {...(logic.changePassword ? { logic: logic.changePassword } : {})}
      />
      <BillingSection
        subscription={subscription}
        credits={credits}
        billingPortal={billingPortal}
        createdAt={createdAt}
        {...(logic.cancelSubscription ? { logic: logic.cancelSubscription } : {})}
        {...(logic.billingPortal ? { portalLogic: logic.billingPortal } : {})}
        {...(logic.creditHistory ? { historyLogic: logic.creditHistory } : {})}
        {...(logic.creditCsv ? { csvLogic: logic.creditCsv } : {})}
        {...(logic.spending ? { spendingLogic: logic.spending } : {})}
      />
      <PromptHistorySection {...(logic.clearPromptHistory ? { logic: logic.clearPromptHistory } : {})} />
      <DangerZone {...(logic.deleteAccount ? { logic: logic.deleteAccount } : {})} />
      <section className={`${card.padded} ${styles.section}`}>
        <ErrorBanner>{logoutError}</ErrorBanner>
        <div className={forms.actions}>
          <button
            type="button"
            className={buttons.button.secondary}
            disabled={!canLogout}
            onClick={() => session.send({ type: 'auth.logout' })}
          >
            Logout
          </button>
        </div>
      </section>
    </div>
  );
}
