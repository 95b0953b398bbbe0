/**
 * 'Use these settings' and 'New seed' of a creation's page (CREATIONS-13, CREATIONS-14), on the tool page's
 * side: the page was opened with `?settings=<creationId>` (and `&seed=new` for New seed). The page's run is sent
 * one `tool.applyCreation`: the run reads the creation, its form takes the settings and New seed presses
 * Generate (src/flows/tools/tool-run.machine.ts, state `form.applying`). The address then drops its query.
 */
import { useEffect } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ToolRunActor } from './tools';

/**
 * The tool page's part: reads `?settings` (and `&seed=new`) through the router (each tool route validates
 * them, src/features/tools/tool-search.ts), hands them to the run and drops them from the address with the
 * router's navigate (replace).
 */
export function useCreationSettings(run: ToolRunActor): void {
  const navigate = useNavigate();
  const search = useSearch({ strict: false });
  const id = search.settings ? search.settings : null;
  const newSeed = search.seed === 'new';
  useEffect(() => {
    if (id === null) return;
    run.send({ type: 'tool.applyCreation', id, newSeed });
    void navigate({ to: '.', search: {}, replace: true });
  }, [run, id, newSeed, navigate]);
}
