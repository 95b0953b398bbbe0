import * as buttons from '../../components/ui/button/button.css';
import * as styles from './StatusPages.css';

/**
 * The root error page (NAV-7: 'Unexpected Application Error!'). It replaces the whole shell, so its
 * way home is a plain link that reloads the app rather than the router that just failed.
 */
export function ErrorPage() {
  return (
    <div className={styles.standalone} role="alert">
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <p className={styles.text}>Something went wrong while showing this page. Please try again.</p>
      <a href="/" className={buttons.button.primary}>
        Back to home
      </a>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <div className={styles.wrap}>
      <div className={styles.code} aria-hidden="true">
        404
      </div>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
      <a href="/" className={buttons.button.primary}>
        Back to home
      </a>
    </div>
  );
}
