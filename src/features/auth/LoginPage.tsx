import { Link } from '@tanstack/react-router';
import * as styles from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import * as auth from './auth.css';
import { SessionForm } from './SessionForm';

/** /login (AUTH-10, AUTH-13): the page twin of the login dialog; its fallback is 'Login failed'. */
export function LoginPage() {
  return (
    <div className={auth.page}>
      <section className={`${card.padded} ${styles.authCard} ${auth.stack}`}>
        <h1 className={page.title}>Login to the product</h1>
        <SessionForm mode="login" source="page" />
        <div className={styles.links}>
          <Link to="/forgot-password" className={styles.link}>
            Forgot Password?
          </Link>
          <Link to="/register" className={styles.link}>
            Register
          </Link>
        </div>
      </section>
    </div>
  );
}
