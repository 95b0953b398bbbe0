import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { User } from '../../api/schemas';
import { useSession, useSessionKnown } from '../../app/provider';
import { requestSignIn } from '../../flows/session/session.effects';
import * as buttons from '../../components/ui/button/button.css';
import { untilKnown } from '../../components/ui/pending/pending.css';
import * as styles from './Hero.css';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The call to action (CATALOG-1): visitors, then standard or free users, then everyone else. */
export function heroAction(user: User | null): { label: string; to?: '/subscribe' | '/credits' } {
  if (!user) return { label: 'Start Creating' };
  const plan = user.subscription?.plan ?? 'free';
  if (plan === 'free' || plan === 'standard') return { label: 'Upgrade Plan', to: '/subscribe' };
  return { label: 'Add Credits', to: '/credits' };
}

export function Hero({ user }: { user: User | null }) {
  const session = useSession();
  // The call to action depends on the plan: it keeps its place, unseen, until the session is known.
  const known = useSessionKnown();
  // A visual preference of this banner only; reduced-motion users start paused.
  const [paused, setPaused] = useState(prefersReducedMotion);
  const action = heroAction(user);
  const ctaClass = `${buttons.button.primary} ${styles.cta}`;
  return (
    <section className={styles.hero} data-paused={paused} aria-labelledby="hero-title">
      <span className={styles.blobA} aria-hidden="true" />
      <span className={styles.blobB} aria-hidden="true" />
      <button
        type="button"
        className={styles.pause}
        aria-pressed={paused}
        aria-label="Pause animation"
        onClick={() => setPaused((p) => !p)}
      >
        {paused ? (
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M7 4l13 8-13 8z" fill="currentColor" />
          </svg>
        ) : (
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor" />
          </svg>
        )}
      </button>
      <div className={styles.content}>
        <h1 className={styles.headline} id="hero-title">
          Create images, video, text, audio and 3D with AI
        </h1>
        <p className={styles.sub}>
          Fifteen studio-grade tools in one place. Every run shows its price in credits up front, so you always know
          what you spend.
        </p>
        <div className={`${styles.actions} ${untilKnown}`} data-pending={!known}>
          {action.to ? (
            <Link to={action.to} className={ctaClass}>
              {action.label}
            </Link>
          ) : (
            <button type="button" className={ctaClass} onClick={() => requestSignIn(session, 'login')}>
              {action.label}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
