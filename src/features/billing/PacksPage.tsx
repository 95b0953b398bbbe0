import { useSelector } from '@xstate/react';
import { creditPacks } from '../../catalog';
import { purchaseWith, type CheckoutActor } from '../../app/checkout';
import type { CheckoutReturnActor } from '../../app/checkout-return';
import { useSession, useSessionKnown } from '../../app/provider';
import { requestPurchase } from '../../flows/session/session.effects';
import * as buttons from '../../components/ui/button/button.css';
import * as page from '../../components/ui/page/page.css';
import { credits, perCredit, usd } from './format';
import * as styles from './billing.css';
import { CheckoutReturnNotice } from './CheckoutReturnNotice';

/** /credits: the one-time credit packs (CREDITS-5, CREDITS-6). */
export function PacksPage({ checkout, returned }: { checkout: CheckoutActor; returned?: CheckoutReturnActor }) {
  const session = useSession();
  const known = useSessionKnown();
  const busy = useSelector(checkout, (s) => s.hasTag('busy'));
  const pending = useSelector(checkout, (s) => s.context.pending);
  return (
    <div className={page.page}>
      <header className={page.header}>
        <p className={page.eyebrow}>Credits</p>
        <h1 className={page.title}>Buy credits</h1>
        <p className={page.lead}>
          One-time packs, no subscription needed. Credits expire at the end of each billing cycle and do not carry over.
        </p>
      </header>
      {returned ? <CheckoutReturnNotice flow={returned} /> : null}
      <div className={styles.grid}>
        {creditPacks.map((pack, i) => (
          <section key={pack.id} className={styles.card} data-featured={i === 1} aria-labelledby={`pack-${pack.id}`}>
            <h2 className={styles.name} id={`pack-${pack.id}`}>
              {pack.name}
            </h2>
            <div className={styles.price}>
              <span className={styles.amount}>{credits(pack.credits)}</span>
              <span className={styles.per}>credits</span>
            </div>
            <p className={styles.note}>
              <strong>{usd(pack.price)}</strong> · {perCredit(pack.pricePerCredit)} per credit
            </p>
            <button
              type="button"
              className={i === 1 ? buttons.button.primary : buttons.button.secondary}
              // A purchase is the signed-in user's or asks a visitor to sign in: it waits until the app knows.
              disabled={!known || busy}
              onClick={() =>
                requestPurchase(
                  session,
                  { kind: 'pack', packId: pack.id, credits: pack.credits },
                  purchaseWith(checkout),
                )
              }
            >
              {pending === pack.id ? 'Processing...' : `Buy ${credits(pack.credits)} credits`}
            </button>
          </section>
        ))}
      </div>
    </div>
  );
}
