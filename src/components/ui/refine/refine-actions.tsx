/**
 * Upscale 2× and Vary (REFINE-1 to REFINE-3, REFINE-7), the one part a tool page's image result, a creation's page
 * and My creations' Select mode share: each button says what it costs before the click (the total of its runs);
 * Vary opens its choice, Subtle or Strong, each with its cost, and Cancel. Below, what the last start made, with a
 * link to the new run, or why it failed. A view of its caller's flow: it only shows and tells.
 */
import type { ReactNode } from 'react';
import * as buttons from '../button/button.css';
import * as styles from './refine.css';

export type RefinePhase = 'ready' | 'choosing' | 'starting';

export interface RefineActionsProps {
  phase: RefinePhase;
  /** How many runs a click starts (the chosen image creations; 1 on a result or a creation's page). */
  count: number;
  /** One run's cost of each, from the catalogue (Restore Image, Image to Image). */
  upscaleCost: number;
  varyCost: number;
  /** What the last start made ('Upscale 2× started.' with its link), or null. */
  status: ReactNode;
  error: string | null;
  onUpscale: () => void;
  onVaryOpen: () => void;
  onVary: (strength: 'subtle' | 'strong') => void;
  onCancel: () => void;
  /** A smaller look (the creations' selection bar). */
  small?: boolean;
}

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

export function RefineActions(props: RefineActionsProps) {
  const { phase, count, upscaleCost, varyCost, status, error, small } = props;
  const size = small ? ` ${buttons.small}` : '';
  const none = count === 0;
  return (
    <div className={styles.refine} role="group" aria-label="Upscale and Vary">
      <div className={styles.row}>
        {phase === 'choosing' ? (
          <>
            <button
              type="button"
              className={`${buttons.button.secondary}${size}`}
              onClick={() => props.onVary('subtle')}
            >
              {`Subtle · ${credits(count * varyCost)}`}
            </button>
            <button
              type="button"
              className={`${buttons.button.secondary}${size}`}
              onClick={() => props.onVary('strong')}
            >
              {`Strong · ${credits(count * varyCost)}`}
            </button>
            <button type="button" className={`${buttons.button.ghost}${size}`} onClick={props.onCancel}>
              Cancel
            </button>
          </>
        ) : phase === 'starting' ? (
          <button type="button" className={`${buttons.button.secondary}${size}`} disabled>
            Starting...
          </button>
        ) : (
          <>
            <button
              type="button"
              className={`${buttons.button.secondary}${size}`}
              disabled={none}
              onClick={props.onUpscale}
            >
              {`Upscale 2× · ${credits(count * upscaleCost)}`}
            </button>
            <button
              type="button"
              className={`${buttons.button.secondary}${size}`}
              disabled={none}
              onClick={props.onVaryOpen}
            >
              Vary
            </button>
          </>
        )}
      </div>
      {status ? (
        <p className={styles.note} role="status">
          {status}
        </p>
      ) : null}
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
