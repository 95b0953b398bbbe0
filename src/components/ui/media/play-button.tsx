import * as styles from './media.css';

/** Play / Pause as one toggle button: its name says what a press does ('Play' or 'Pause'). */
export function PlayButton({ playing, onToggle }: { playing: boolean; onToggle: () => void }) {
  return (
    <button type="button" className={styles.control} onClick={onToggle} aria-label={playing ? 'Pause' : 'Play'}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
        {playing ? (
          <>
            <rect x="6" y="5" width="4" height="14" rx="1" />
            <rect x="14" y="5" width="4" height="14" rx="1" />
          </>
        ) : (
          <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
        )}
      </svg>
    </button>
  );
}
