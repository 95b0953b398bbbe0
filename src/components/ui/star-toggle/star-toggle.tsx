/**
 * A creation's star (COLLECT-1): a toggle button, pressed while starred, named "Star" or "Starred" (on a tile, with
 * the creation's prompt: an icon alone says nothing of which creation it stars).
 */
import * as buttons from '../button/button.css';
import { starIcon } from '../icons/creation-icons';

export function StarToggle({
  starred,
  busy,
  about,
  compact = false,
  className = '',
  onToggle,
}: {
  starred: boolean;
  busy: boolean;
  /** On a tile: the creation's prompt (or its tool), said after the word. */
  about?: string | undefined;
  /** A tile's icon button; else the word beside the icon. */
  compact?: boolean;
  className?: string;
  onToggle: () => void;
}) {
  const word = starred ? 'Starred' : 'Star';
  const name = about ? `${word}: ${about}` : word;
  return (
    <button
      type="button"
      className={`${buttons.button.secondary} ${compact ? '' : buttons.small} ${className}`}
      aria-pressed={starred}
      disabled={busy}
      title={compact ? word : undefined}
      {...(compact ? { 'aria-label': name } : {})}
      onClick={onToggle}
    >
      {starIcon(starred)}
      {compact ? null : <span>{word}</span>}
    </button>
  );
}
