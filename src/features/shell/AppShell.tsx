import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCurrentUser, useSession, useSessionKnown, useSidebar } from '../../app/provider';
import { requestSignIn } from '../../flows/session/session.effects';
import { isPaidTier } from '../../catalog/plan-tier';
import * as buttons from '../../components/ui/button/button.css';
import { Logo, icons } from '../../components/ui/icons/icons';
import { untilKnown } from '../../components/ui/pending/pending.css';
import { SideNav } from './SideNav';
import * as styles from './AppShell.css';

// Radix Dialog is only needed once the drawer opens: keep it out of the first load.
const MobileDrawer = lazy(() => import('./MobileDrawer'));

export interface AppShellProps {
  children: ReactNode;
  /**
   * The runs tray's parts (RUNS-7): its button, shown in the desktop header and the phone's top bar, and its
   * notices, beside the content. Given by the root route (a feature area never imports another), and shown
   * only when someone is signed in, which the app knows only after the first paint.
   */
  tray?: (part: 'button' | 'notices') => ReactNode;
}

/** The layout shell (NAV-1 to NAV-5): sidebar (or drawer under 768 px), desktop header, content. */
export function AppShell({ children, tray = () => null }: AppShellProps) {
  const user = useCurrentUser();
  const known = useSessionKnown();
  const session = useSession();
  const sidebar = useSidebar();
  const mobile = useSelector(sidebar, (s) => s.hasTag('mobile'));
  const collapsed = useSelector(sidebar, (s) => s.hasTag('collapsed'));
  const drawerOpen = useSelector(sidebar, (s) => s.hasTag('drawerOpen'));
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Any completed navigation closes the drawer.
  useEffect(() => {
    sidebar.send({ type: 'navigation.done' });
  }, [pathname, sidebar]);

  const paid = isPaidTier(user?.subscription?.plan);
  // The flows viewer is a review tool, not a creator's page: the creators' sidebar folds away there and the
  // chart takes the width (the header keeps a way home).
  const review = pathname === '/flows' || pathname.startsWith('/flows/');

  return (
    // Until the page is hydrated and the startup check has ended, its controls are marked not yet usable
    // (the prerendered page paints before any script runs); the account areas keep their place, unseen.
    <div className={styles.root} aria-disabled={known ? undefined : true}>
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      <aside className={styles.aside} data-collapsed={collapsed} data-away={review || undefined} aria-label="Sidebar">
        <SideNav user={user} collapsed={collapsed} onToggle={() => sidebar.send({ type: 'sidebar.toggle' })} />
      </aside>
      <div className={styles.column}>
        {/* The phone's top bar (menu, home, sign in) in a landmark of its own; the banner is the desktop header. */}
        <nav className={styles.topBar} aria-label="Top bar">
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            onClick={() => sidebar.send({ type: 'sidebar.open' })}
          >
            {icons.menu}
          </button>
          <Link to="/" className={styles.brandLink} aria-label="Atelier home">
            <Logo size={26} />
            <span>Atelier</span>
          </Link>
          <span className={styles.topBarSpacer} />
          {user ? tray('button') : null}
          <span className={untilKnown} data-pending={!known}>
            {user ? (
              <span className={styles.balance}>
                {icons.coin}
                {user.credits.toLocaleString('en-US')}
              </span>
            ) : (
              <button
                type="button"
                className={`${buttons.button.primary} ${buttons.small}`}
                onClick={() => requestSignIn(session, 'login')}
              >
                Sign In
              </button>
            )}
          </span>
        </nav>
        <header className={styles.header} data-wide={review || undefined}>
          {review ? (
            <Link to="/" className={`${styles.brandLink} ${styles.headerHome}`} aria-label="Atelier home">
              <Logo size={26} />
              <span>Atelier</span>
            </Link>
          ) : null}
          <div className={`${styles.headerAccount} ${untilKnown}`} data-pending={!known}>
            {user ? (
              <>
                {tray('button')}
                <span className={styles.balance} aria-label={`Credit balance: ${user.credits} credits`}>
                  {icons.coin}
                  {user.credits.toLocaleString('en-US')} credits
                </span>
                <Link to={paid ? '/credits' : '/subscribe'} className={`${buttons.button.primary} ${buttons.small}`}>
                  {paid ? 'Credits +' : 'Upgrade Plan'}
                </Link>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className={`${buttons.button.ghost} ${buttons.small}`}
                  onClick={() => requestSignIn(session, 'login')}
                >
                  Sign In
                </button>
                <button
                  type="button"
                  className={`${buttons.button.primary} ${buttons.small}`}
                  onClick={() => requestSignIn(session, 'register')}
                >
                  Register
                </button>
              </>
            )}
          </div>
        </header>
        <main className={styles.main} id="main" tabIndex={-1} data-wide={review || undefined}>
          {children}
        </main>
        {user ? tray('notices') : null}
      </div>
      {mobile && drawerOpen ? (
        <Suspense fallback={null}>
          <MobileDrawer
            open
            user={user}
            onOpenChange={(open) => sidebar.send({ type: open ? 'sidebar.open' : 'sidebar.close' })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
