/**
 * The hook behind every Upscale 2× and Vary (REFINE-1 to REFINE-7): starts the refine flow for its image creations
 * (the chosen ones are told again as they change), reads it with narrow selectors, and gives the shared view part
 * (components/ui/refine) what it shows and the events it sends. `link` names a new run (the caller's router link).
 */
import { useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { RefineActionsProps } from '../components/ui/refine/refine-actions';
import { refineFlow } from '../flows/refine/refine.effects';
import { UPSCALE_COST, VARY_COST } from '../flows/refine/refine.machine';
import { useFlow } from './provider';

export function useRefine(ids: readonly string[], link: (id: string) => ReactNode): RefineActionsProps {
  const actor = useFlow(refineFlow, { input: { ids } });
  const key = ids.join(' ');
  useEffect(() => {
    actor.send({ type: 'refine.sources', ids: key ? key.split(' ') : [] });
  }, [actor, key]);
  const phase = useSelector(actor, (s) =>
    s.matches('choosing') ? 'choosing' : s.hasTag('busy') ? 'starting' : 'ready',
  );
  const count = useSelector(actor, (s) => s.context.ids.length);
  const started = useSelector(actor, (s) => s.context.started);
  const kind = useSelector(actor, (s) => s.context.kind);
  const error = useSelector(actor, (s) => s.context.error);
  const status =
    started === null || started.length === 0 ? null : started.length === 1 ? (
      <>
        {kind === 'vary' ? 'Vary' : 'Upscale 2×'} started. It shows in Runs. {link(started[0]!)}
      </>
    ) : (
      `${started.length} runs started. They show in Runs.`
    );
  return {
    phase,
    count,
    upscaleCost: UPSCALE_COST,
    varyCost: VARY_COST,
    status,
    error,
    onUpscale: () => actor.send({ type: 'refine.upscale' }),
    onVaryOpen: () => actor.send({ type: 'refine.vary.open' }),
    onVary: (strength) => actor.send({ type: 'refine.vary', strength }),
    onCancel: () => actor.send({ type: 'refine.vary.cancel' }),
  };
}
