import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { plainRuleText } from './rules';
import * as styles from './flows.css';

/**
 * A product rule's ID as a link to its page (/flows/rules/$ruleId); hovering or focusing it shows the rule's
 * text (the link's description, so a screen reader reads it too). Escape hides it.
 */
export function RuleChip({ id, text }: { id: string; text: string | undefined }) {
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const shown = open && text !== undefined;
  return (
    <span
      className={styles.ruleChip}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <Link
        to="/flows/rules/$ruleId"
        params={{ ruleId: id }}
        className={styles.ruleLink}
        aria-describedby={text === undefined ? undefined : tipId}
        data-rule={id}
      >
        {id}
      </Link>
      {text === undefined ? null : (
        <span role="tooltip" id={tipId} className={styles.tooltip} hidden={!shown}>
          {plainRuleText(text)}
        </span>
      )}
    </span>
  );
}
