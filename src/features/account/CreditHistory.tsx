import { useSelector } from '@xstate/react';
import type { creditCsvMachine } from '../../flows/billing/credit-csv.machine';
import type { creditHistoryMachine } from '../../flows/billing/credit-history.machine';
import type { CreditEntry } from '../../api/schemas';
import { creditCsvFlow, creditHistoryFlow } from '../../flows/billing/billing.effects';
import { useFlow, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { ErrorBanner } from '../../components/ui/form/fields';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { formatDateTime } from './format';
import * as styles from './account.css';

const number = (n: number) => n.toLocaleString('en-US');
const signed = (n: number) => (n > 0 ? `+${number(n)}` : `−${number(-n)}`);

/** What changed the balance, in words; tool runs and their refunds link to the creation. */
function What({ entry }: { entry: CreditEntry }) {
  const run = (label: string) =>
    entry.predictionId ? (
      <a href={`/creations/${encodeURIComponent(entry.predictionId)}`}>
        {label}: {entry.tool ?? 'tool'}
      </a>
    ) : (
      <>
        {label}: {entry.tool ?? 'tool'}
      </>
    );
  switch (entry.kind) {
    case 'signup':
      return <>Free credits on sign-up</>;
    case 'pack':
      return <>{entry.pack ? `Credit pack: ${entry.pack}` : 'Credit pack'}</>;
    case 'subscription':
      return <>Subscription credits</>;
    case 'spend':
      return run('Tool run');
    case 'refund':
      return run('Refund');
    case 'expire':
      return <>Unused subscription credits expired</>;
    case 'pack_refunded':
      return <>{entry.pack ? `Credit pack refunded: ${entry.pack}` : 'Credit pack refunded'}</>;
  }
}

/** Settings › Billing: every grant, spend, refund and expiry, newest first, with the balance after each. */
export function CreditHistory({
  logic = creditHistoryFlow,
  csvLogic = creditCsvFlow,
}: {
  logic?: Flow<typeof creditHistoryMachine>;
  csvLogic?: Flow<typeof creditCsvMachine>;
}) {
  const flow = useFlow(logic);
  const entries = useSelector(flow, (s) => s.context.entries);
  const error = useSelector(flow, (s) => s.context.error);
  const loading = useSelector(flow, (s) => s.hasTag('loading'));
  const loadingMore = useSelector(flow, (s) => s.hasTag('loadingMore'));
  const failed = useSelector(flow, (s) => s.hasTag('failed'));
  const canMore = useSelector(flow, (s) => s.can({ type: 'history.more' }));
  const hasMore = useSelector(flow, (s) => s.context.nextCursor !== null);

  return (
    <div className={styles.history}>
      <div className={styles.historyHead}>
        <h3 className={styles.historyTitle} id="credit-history-title">
          Credit history
        </h3>
        <DownloadCsv logic={csvLogic} />
      </div>
      <ErrorBanner>{error}</ErrorBanner>
      {failed ? (
        <TryAgain onClick={() => flow.send({ type: 'history.retry' })} />
      ) : loading ? (
        <p className={page.muted}>Loading...</p>
      ) : entries.length === 0 ? (
        <p className={page.muted}>No credit changes yet.</p>
      ) : (
        <table className={styles.table} aria-labelledby="credit-history-title">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col" className={styles.numeric}>
                Change
              </th>
              <th scope="col" className={styles.numeric}>
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-kind={entry.kind}>
                <td>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td>
                  <What entry={entry} />
                </td>
                <td className={styles.numeric} data-positive={entry.delta > 0}>
                  {signed(entry.delta)}
                </td>
                <td className={styles.numeric}>{number(entry.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasMore && !failed ? (
        <div className={forms.actions}>
          <button
            type="button"
            className={buttons.button.secondary}
            disabled={!canMore}
            onClick={() => flow.send({ type: 'history.more' })}
          >
            {loadingMore ? 'Loading...' : 'Show more'}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** "Download CSV" (CREDITS-11, CREDITS-12): the whole history as a file; busy while it comes, the reason if it fails. */
function DownloadCsv({ logic }: { logic: Flow<typeof creditCsvMachine> }) {
  const csv = useFlow(logic);
  const busy = useSelector(csv, (s) => s.hasTag('busy'));
  const error = useSelector(csv, (s) => s.context.error);
  return (
    <div className={styles.csv}>
      <button
        type="button"
        className={buttons.button.secondary}
        disabled={busy}
        onClick={() => csv.send({ type: 'csv.download' })}
      >
        {busy ? 'Downloading...' : 'Download CSV'}
      </button>
      <ErrorBanner>{error}</ErrorBanner>
    </div>
  );
}

/** A failed read's Try again (the credit history, the month's spending). */
export function TryAgain({ onClick }: { onClick: () => void }) {
  return (
    <div className={forms.actions}>
      <button type="button" className={buttons.button.secondary} onClick={onClick}>
        Try again
      </button>
    </div>
  );
}
