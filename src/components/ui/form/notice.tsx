import type { ReactNode } from 'react';
import * as styles from './form.css';

/** A status line (the pages' notices): nothing when there is nothing to say. */
export function Notice({ children }: { children: ReactNode }) {
  return children ? (
    <div role="status" className={styles.notice}>
      {children}
    </div>
  ) : null;
}
