import { useSelector } from '@xstate/react';
import { emptyMonthText, monthName, monthOf, type spendingMachine } from '../../flows/billing/spending.machine';
import { spendingFlow } from '../../flows/billing/billing.effects';
import { useFlow, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { ErrorBanner } from '../../components/ui/form/fields';
import * as page from '../../components/ui/page/page.css';
import * as styles from './account.css';
import { TryAgain } from './CreditHistory';

const number = (n: number) => n.toLocaleString('en-US');

/**
 * Settings › Billing › "Spending in {Month YYYY}" (CREDITS-9, CREDITS-10): a month's credits by tool, most
 * spent first, as bars with their values (for the eye only) and a table with a total row; Previous and Next
 * month (from the account's first month to the current one). The heading names the month shown, whichever it is.
 */
export function Spending({
  logic = spendingFlow,
  current,
  createdAt = null,
}: {
  logic?: Flow<typeof spendingMachine>;
  /** The current month ('YYYY-MM', UTC); today's by default. */
  current?: string;
  /** When the account was made (the user's createdAt): Previous month stops at its month. */
  createdAt?: string | null;
}) {
  const flow = useFlow(logic, { input: { current: current ?? monthOf(new Date()), createdAt } });
  const month = useSelector(flow, (s) => s.context.month);
  const spending = useSelector(flow, (s) => s.context.spending);
  const error = useSelector(flow, (s) => s.context.error);
  const loading = useSelector(flow, (s) => s.hasTag('loading'));
  const failed = useSelector(flow, (s) => s.hasTag('failed'));
  const canPrevious = useSelector(flow, (s) => s.can({ type: 'spending.previous' }));
  const canNext = useSelector(flow, (s) => s.can({ type: 'spending.next' }));

  const tools = spending?.tools ?? [];
  const most = Math.max(1, ...tools.map((t) => t.credits));
  const name = monthName(month);

  return (
    <section className={styles.history} aria-labelledby="spending-title" data-testid="spending">
      <div className={styles.monthBar}>
        <h3 className={styles.historyTitle} id="spending-title" aria-live="polite">
          Spending in {name}
        </h3>
        <div className={styles.monthButtons}>
          <button
            type="button"
            className={buttons.button.ghost}
            disabled={!canPrevious}
            onClick={() => flow.send({ type: 'spending.previous' })}
          >
            Previous month
          </button>
          <button
            type="button"
            className={buttons.button.ghost}
            disabled={!canNext}
            onClick={() => flow.send({ type: 'spending.next' })}
          >
            Next month
          </button>
        </div>
      </div>
      <ErrorBanner>{error}</ErrorBanner>
      {failed ? (
        <TryAgain onClick={() => flow.send({ type: 'spending.retry' })} />
      ) : loading ? (
        <p className={page.muted}>Loading...</p>
      ) : tools.length === 0 ? (
        <p className={page.muted}>{emptyMonthText(month)}</p>
      ) : (
        <>
          <ul className={styles.chart} aria-hidden="true" data-testid="spending-chart">
            {tools.map((t) => (
              <li key={t.tool} className={styles.chartRow}>
                <span>{t.title}</span>
                <span className={styles.chartTrack}>
                  <span className={styles.chartFill} style={{ width: `${(t.credits / most) * 100}%` }} />
                </span>
                <span className={styles.chartValue}>{number(t.credits)}</span>
              </li>
            ))}
          </ul>
          <table className={styles.table}>
            <caption className={styles.caption}>Credits spent in {name}, by tool</caption>
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col" className={styles.numeric}>
                  Runs
                </th>
                <th scope="col" className={styles.numeric}>
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {tools.map((t) => (
                <tr key={t.tool}>
                  <th scope="row">{t.title}</th>
                  <td className={styles.numeric}>{number(t.runs)}</td>
                  <td className={styles.numeric}>{number(t.credits)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className={styles.totalRow}>
                <th scope="row">Total</th>
                <td className={styles.numeric}>{number(tools.reduce((n, t) => n + t.runs, 0))}</td>
                <td className={styles.numeric}>{number(spending?.total ?? 0)}</td>
              </tr>
            </tfoot>
          </table>
        </>
      )}
    </section>
  );
}
