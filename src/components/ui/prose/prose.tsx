import * as styles from './prose.css';

/** Paragraphs of plain text: split on blank lines, each a <p>; empty text gives none. */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/** Text a model wrote, as prose in the app's font (code stays a code block where it is shown). */
export function Prose({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `${styles.prose} ${className}` : styles.prose}>
      {paragraphsOf(text).map((part, index) => (
        <p key={index} className={styles.paragraph}>
          {part}
        </p>
      ))}
    </div>
  );
}
