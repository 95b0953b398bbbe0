/** The two ways to more credits a refusal for want of them links to (a run's banner, a batch's banner). */
import { Link } from '@tanstack/react-router';
import * as styles from './ToolPage.css';

export function CreditLinks() {
  return (
    <>
      <Link to="/credits" className={styles.alertLink}>
        Buy credits
      </Link>
      <Link to="/subscribe" className={styles.alertLink}>
        See plans
      </Link>
    </>
  );
}
