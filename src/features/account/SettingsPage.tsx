import { useSelector } from '@xstate/react';
import { navigateTo, useSession } from '../../app/session-hooks';
import type {
  cancelSubscriptionLogic,
  changeEmailLogic,
  changePasswordLogic,
  deleteAccountLogic,
} from '../../app/flows';
import * as buttons from '../../components/ui/button/button.css';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { ErrorBanner } from '../auth/Fields';
import { AccountSection } from './AccountSection';
import { BillingSection } from './BillingSection';
import { DangerZone } from './DangerZone';
import { SecuritySection } from './SecuritySection';
import * as styles from './settings.css';

/** The flows the page runs; tests pass the same machines with fake effects. */
export interface SettingsLogic {
  changeEmail?: typeof changeEmailLogic;
  changePassword?: typeof changePasswordLogic;
  cancelSubscription?: typeof cancelSubscriptionLogic;
  deleteAccount?: typeof deleteAccountLogic;
}

/** /settings (spec §2 Settings, signed-in only). */
export function SettingsPage({ logic = {} }: { logic?: SettingsLogic }) {
  const session = useSession();
  const email = useSelector(session, (s) => s.context.user?.email ?? null);
  const lastPasswordChange = useSelector(session, (s) => s.context.user?.lastPasswordChange ?? null);
  const subscription = useSelector(session, (s) => s.context.user?.subscription ?? null);
  const logoutError = useSelector(session, (s) => s.context.logoutError);
  const canLogout = useSelector(session, (s) => s.can({ type: 'auth.logout' }));

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
        {...(logic.cancelSubscription ? { logic: logic.cancelSubscription } : {})}
      />
      <DangerZone {...(logic.deleteAccount ? { logic: logic.deleteAccount } : {})} />
      <section className={`${page.card} ${styles.section}`}>
        <ErrorBanner>{logoutError}</ErrorBanner>
        <div className={forms.actions}>
          <button
            type="button"
            className={buttons.button.secondary}
            disabled={!canLogout}
            onClick={() => session.send({ type: 'auth.logout', callback: () => navigateTo('/') })}
          >
            Logout
          </button>
        </div>
      </section>
    </div>
  );
}
