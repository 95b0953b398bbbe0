import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { forgetDraft } from '../../flows/tools/draft';
import { markDraftForRestore, readDraft } from '../../flows/tools/draft.effects';
import * as form from '../../components/ui/form/form.css';
import * as styles from './DraftNotice.css';

/**
 * TOOL-48: 'Back to {tool} — your prompt is kept', where signing in, registering or verifying the email leads,
 * while the tab keeps a tool page's draft. Following it opens the tool page, which takes the draft; Dismiss
 * forgets it. Its own chunk: the first load of / only checks whether the tab holds a draft (DraftNoticeSlot).
 */
export default function DraftNotice() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(readDraft);
  if (!draft) return null;
  return (
    <aside className={styles.root} aria-label="Your kept prompt">
      <a
        href={draft.path}
        className={form.link}
        onClick={(event) => {
          event.preventDefault();
          markDraftForRestore();
          void navigate({ to: draft.path });
        }}
      >
        Back to {draft.title} — your prompt is kept
      </a>
      <button
        type="button"
        className={form.link}
        onClick={() => {
          forgetDraft();
          setDraft(null);
        }}
      >
        Dismiss
      </button>
    </aside>
  );
}
