/**
 * Upscale 2× and Vary (REFINE-1) on a creation's page (its one picture) and in My creations' Select mode (the chosen
 * pictures, one run each): the shared part with the refine flow's hook, and a link to the new run.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { RefineActions } from '../../components/ui/refine/refine-actions';
import { useRefine } from '../../app/refine';
import { chosenImages } from '../../flows/refine/refine.machine';
import type { CreationsActor } from './CreationsPage';

const openRun = (id: string) => (
  <Link to="/creations/$id" params={{ id }}>
    Open it
  </Link>
);

export function CreationRefine({ ids, small }: { ids: readonly string[]; small?: boolean }) {
  const refine = useRefine(ids, openRun);
  return <RefineActions {...refine} small={small ?? false} />;
}

/** Select mode: the chosen finished pictures (a joined string, so the selector's answer is stable). */
export function SelectionRefine({ actor }: { actor: CreationsActor }) {
  const chosen = useSelector(actor, (s) => chosenImages(s.context.items, s.context.selected).join(' '));
  return <CreationRefine ids={chosen ? chosen.split(' ') : []} small />;
}
