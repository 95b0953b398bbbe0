import { Link } from '@tanstack/react-router';
import * as styles from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import * as auth from './auth.css';
import { SessionForm } from './SessionForm';

/** /register (AUTH-11, AUTH-5): success leads to /subscribe (the session navigates). */
export function RegisterPage() {
  return (
    <div className={auth.page}>
      <section className={`${card.padded} ${styles.authCard} ${auth.stack}`}>
        <h1 className={page.title}>Create Account</h1>
        <SessionForm mode="register" source="page" />
        <div className={styles.links}>
          <Link to="/login" className={styles.link}>
            Already have an account? Login
          </Link>
        </div>
      </section>
    </div>
  );
}
