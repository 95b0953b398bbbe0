import { useId, useState } from 'react';
import * as buttons from '../../components/ui/button/button.css';
import { fetchCoverage, parseCoverage, showLoadedCoverage, type CoverageSource, type Loaded } from './coverage-load';
import * as styles from './FlowsPage.css';
import * as ruleStyles from './flows.css';

/** Where the coverage shown comes from, as a sentence (empty when there is none). */
export function coverageSourceText(source: CoverageSource | null): string {
  if (!source) return '';
  if (source.kind === 'bundled') return 'Coverage: the last path run this build bundled.';
  if (source.kind === 'file') return `Coverage: loaded from the file ${source.name}.`;
  return `Coverage: loaded from ${source.url}.`;
}

/**
 * "Load coverage…": a coverage report (the flows.json a path run writes) from a file or from the report's
 * address, checked before every chart and rule page shows it; what is wrong is said plainly.
 */
export function CoverageLoader({ source }: { source?: CoverageSource | null }) {
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const urlId = useId();
  const take = (loaded: Loaded, source: CoverageSource) => {
    if (!loaded.ok) return setMessage({ error: true, text: loaded.message });
    if (!showLoadedCoverage(loaded.value, source))
      return setMessage({ error: true, text: 'This tab cannot keep the report (its storage is full or off).' });
    const n = Object.keys(loaded.value).length;
    setMessage({ error: false, text: `${coverageSourceText(source)} ${n} ${n === 1 ? 'machine' : 'machines'}.` });
  };
  return (
    <details className={ruleStyles.loader}>
      <summary>
        Load coverage…{source ? <span className={styles.muted}> {coverageSourceText(source)}</span> : null}
      </summary>
      <label className={styles.field}>
        <span>A coverage report file (the flows.json a path run writes)</span>
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            void file.text().then(
              (text) => take(parseCoverage(text), { kind: 'file', name: file.name }),
              () => setMessage({ error: true, text: 'The file could not be read.' }),
            );
          }}
        />
      </label>
      <form
        className={styles.row}
        onSubmit={(e) => {
          e.preventDefault();
          if (!url.trim()) return setMessage({ error: true, text: 'Give the report’s address first.' });
          setBusy(true);
          void fetchCoverage(url).then((loaded) => {
            setBusy(false);
            take(loaded, { kind: 'address', url: url.trim() });
          });
        }}
      >
        <label className={styles.field} htmlFor={urlId}>
          <span>Or the report’s address</span>
          <input
            id={urlId}
            type="url"
            className={styles.searchInput}
            placeholder="https://…/coverage/flows.json"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </label>
        <button type="submit" className={`${buttons.button.secondary} ${buttons.small}`} disabled={busy}>
          {busy ? 'Loading…' : 'Load'}
        </button>
      </form>
      {message ? (
        <p className={message.error ? styles.error : styles.muted} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
    </details>
  );
}
