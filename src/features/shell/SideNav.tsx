import { Link } from '@tanstack/react-router';
import type { User } from '../../api/schemas';
import { isPaidTier } from '../../catalog/plan-tier';
import { useSession, useSessionKnown } from '../../app/provider';
import { requestSignIn } from '../../flows/session/session.effects';
import * as buttons from '../../components/ui/button/button.css';
import { Logo, icons } from '../../components/ui/icons/icons';
import { untilKnown } from '../../components/ui/pending/pending.css';
import { legalNav, mainNav } from './nav';
import * as styles from './SideNav.css';

export interface SideNavProps {
  user: User | null;
  collapsed: boolean;
  /** The desktop collapse toggle; absent in the drawer. */
  onToggle?: () => void;
  /** After Sign In or Register was chosen: the drawer closes so only the login dialog stays open. */
  onSignIn?: () => void;
}

/** The navigation content shared by the desktop sidebar and the mobile drawer. */
export function SideNav({ user, collapsed, onToggle, onSignIn }: SideNavProps) {
  const session = useSession();
  const known = useSessionKnown();
  const signIn = (mode: 'login' | 'register') => {
    requestSignIn(session, mode);
    onSignIn?.();
  };
  const items = mainNav.filter((item) => !item.signedInOnly || user);
  const paid = isPaidTier(user?.subscription?.plan);
  return (
    <div className={styles.root} data-collapsed={collapsed}>
      <div className={styles.brandRow}>
        <Link to="/" aria-label="Atelier home" className={styles.brand}>
          <Logo />
          {collapsed ? null : <span>Atelier</span>}
        </Link>
        {onToggle ? (
          <button
            type="button"
            className={`${buttons.button.ghost} ${styles.toggle}`}
            onClick={onToggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
          >
            {collapsed ? icons.expand : icons.collapse}
          </button>
        ) : null}
      </div>
      <nav aria-label="Main">
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className={styles.link}
                {...(collapsed ? { 'aria-label': item.label, title: item.label } : {})}
              >
                <span className={styles.activeMark}>{icons[item.icon]}</span>
                {collapsed ? null : <span>{item.label}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {collapsed ? null : (
        <>
          <div className={styles.divider} />
          <div className={`${styles.account} ${untilKnown}`} data-pending={!known}>
            {user ? (
              <>
                <div className={styles.badge} aria-label={`Credit balance: ${user.credits} credits`}>
                  {icons.coin}
                  <span>{user.credits.toLocaleString('en-US')} credits</span>
                </div>
                <Link to={paid ? '/credits' : '/subscribe'} className={buttons.button.primary}>
                  {paid ? 'Credits +' : 'Subscribe'}
                </Link>
              </>
            ) : (
              <>
                <button type="button" className={buttons.button.primary} onClick={() => signIn('login')}>
                  Sign In
                </button>
                <button type="button" className={buttons.button.secondary} onClick={() => signIn('register')}>
                  Register
                </button>
              </>
            )}
          </div>
        </>
      )}
      <nav aria-label="Legal" className={styles.legal}>
        {legalNav.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            className={styles.legalLink}
            {...(collapsed ? { 'aria-label': item.label, title: item.label } : {})}
          >
            {icons[item.icon]}
            {collapsed ? null : <span>{item.label}</span>}
          </Link>
        ))}
      </nav>
    </div>
  );
}
