import { Link } from '@tanstack/react-router';
import { toolByKey, type ToolKey } from '../../catalog';
import * as buttons from '../../components/ui/button/button.css';
import { icons } from '../../components/ui/icons/icons';
import * as page from '../../components/ui/page/page.css';
import * as styles from './ToolPlaceholder.css';

/** Every tool route until the tool work replaces it: title, cost per run, description, "coming soon". */
export function ToolPlaceholder({ toolKey }: { toolKey: ToolKey }) {
  const tool = toolByKey(toolKey);
  return (
    <div className={styles.layout}>
      <div className={page.page}>
        <header className={page.header}>
          <p className={page.eyebrow}>{tool.category}</p>
          <h1 className={page.title}>{tool.title}</h1>
        </header>
        <span className={styles.cost} data-testid="tool-page-cost">
          {icons.coin}
          {tool.cost} credits per run
        </span>
        <p className={page.lead}>{tool.description}</p>
        <div className={styles.soon} role="status">
          <p className={styles.soonTitle}>Coming soon</p>
          <p className={page.muted} style={{ margin: 0 }}>
            This tool is being prepared. Explore the other tools in the meantime.
          </p>
        </div>
        <Link to="/all-tools" className={buttons.button.secondary} style={{ alignSelf: 'flex-start' }}>
          Browse all tools
        </Link>
      </div>
      <figure className={styles.figure}>
        <img className={styles.image} src={tool.image} alt="" width={640} height={400} />
      </figure>
    </div>
  );
}
