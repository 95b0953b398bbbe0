/**
 * A tool page's draft on the page's side (TOOL-47, TOOL-48): when the login dialog opens over the page, its run
 * is told to keep the form for the tab (`tool.draft.keep`); when the page opens after 'Back to {tool}', its run
 * is given the kept draft (`tool.draft.restore`), which is then forgotten. The run decides the rest
 * (src/flows/tools/tool-run.machine.ts).
 */
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { forgetDraft } from '../flows/tools/draft';
import { readDraft } from '../flows/tools/draft.effects';
import type { ToolRunActor } from './tools';
import { useSession } from './provider';

export function useToolDraft(run: ToolRunActor): void {
  const session = useSession();
  const dialogOpen = useSelector(session, (s) => s.context.dialog.open && !s.hasTag('signedIn'));
  useEffect(() => {
    if (dialogOpen) run.send({ type: 'tool.draft.keep' });
  }, [dialogOpen, run]);
  useEffect(() => {
    const draft = readDraft();
    if (!draft?.restore || draft.toolKey !== run.getSnapshot().context.tool.key) return;
    forgetDraft();
    run.send({ type: 'tool.draft.restore', toolKey: draft.toolKey, form: draft.form, generate: draft.generate });
  }, [run]);
}
