import type { ToolListing as Tool } from '../../catalog/listing';
import { ToolCard } from './ToolCard';
import * as styles from './ToolGrid.css';

/** Cards of the first row (three at most) may be in the first view; the browser fetches later ones as they near it. */
const firstRow = 3;

export function ToolGrid({ tools }: { tools: readonly Tool[] }) {
  if (tools.length === 0) {
    return (
      <p className={styles.empty} role="status">
        No AI tools found matching your search.
      </p>
    );
  }
  return (
    <div className={styles.grid}>
      {tools.map((tool, index) => (
        <ToolCard key={tool.key} tool={tool} eager={index < firstRow} />
      ))}
    </div>
  );
}
