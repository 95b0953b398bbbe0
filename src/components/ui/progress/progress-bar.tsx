import * as styles from './progress.css';

/**
 * A progress bar: filled to `percent`, or, with null (the work reports no percentage), a moving stripe that says
 * it works, not how far. `label` names it for assistive technology ('Generating progress').
 */
export function ProgressBar({ label, percent }: { label: string; percent: number | null }) {
  const known = percent !== null;
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={known ? percent : undefined}
      aria-valuetext={known ? undefined : 'Working'}
    >
      <div className={known ? styles.bar : styles.barUnknown} style={known ? { width: `${percent}%` } : undefined} />
    </div>
  );
}
