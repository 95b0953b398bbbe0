import { Link } from '@tanstack/react-router';
import type { ToolListing as Tool } from '../../catalog/listing';
import * as buttons from '../../components/ui/button/button.css';
import * as styles from './ToolCard.css';

export function ToolCard({ tool, eager = false }: { tool: Tool; eager?: boolean }) {
  return (
    <article className={styles.card} data-testid="tool-card" aria-labelledby={`tool-${tool.key}`}>
      <div className={styles.media}>
        <img
          className={styles.image}
          src={tool.image}
          alt=""
          width={320}
          height={200}
          {...(eager ? {} : { loading: 'lazy' as const })}
          decoding="async"
        />
      </div>
      <div className={styles.body}>
        <div className={styles.meta}>
          <span className={styles.category}>{tool.category}</span>
          <span className={styles.cost} data-testid="tool-cost">
            {tool.cost} credits
          </span>
        </div>
        <h2 className={styles.title} id={`tool-${tool.key}`}>
          {tool.title}
        </h2>
        <p className={styles.description}>{tool.description}</p>
        <Link
          to={tool.path}
          className={`${buttons.button.secondary} ${buttons.small} ${styles.action}`}
          aria-label={`Try it now: ${tool.title}`}
        >
          Try it now
        </Link>
      </div>
    </article>
  );
}
