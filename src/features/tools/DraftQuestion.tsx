import { ConfirmDialog } from '../../components/ui/dialog/confirm-dialog';
import type { ToolRunActor } from '../../app/tools';

/** TOOL-49: a restored draft whose Generate had been pressed asks once whether to run it. */
export default function DraftQuestion({ run }: { run: ToolRunActor }) {
  return (
    <ConfirmDialog
      open
      title="Run it now?"
      description="You pressed Generate before signing in. Your prompt and settings are back in the form."
      confirm="Run it"
      cancel="Not now"
      onConfirm={() => run.send({ type: 'tool.draft.run' })}
      onCancel={() => run.send({ type: 'tool.draft.decline' })}
    />
  );
}
