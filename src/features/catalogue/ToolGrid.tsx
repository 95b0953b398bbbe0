import type { Tool } from '../../catalog';
import { ToolCard } from './ToolCard';
import * as styles from './ToolGrid.css';

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
      {tools.map((tool) => (
        <ToolCard key={tool.key} tool={tool} />
      ))}
    </div>
  );
}
