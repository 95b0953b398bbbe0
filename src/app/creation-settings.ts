/**
 * 'Use these settings' and 'New seed' of a creation's page (CREATIONS-13, CREATIONS-14), on the tool page's
 * side: the page was opened with `?settings=<creationId>` (and `&seed=new` for New seed). The creation is
 * read (GET /api/creations/{id}), its settings go to the page's run as one `tool.apply` (the run decides
 * whether its form takes them), New seed then presses Generate (a new seed drawn by the server, charged
 * like any run, refused the same way when the credits fall short), and the address drops its query.
 */
import { useEffect } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { CreationDetail } from '../api/schemas';
import type { AppliedSettings } from '../flows/tools/tool-run.types';
import { flowContext } from './flow-context';
import { useApp } from './provider';
import type { ToolRunActor } from './tools';

/** A creation's settings as a tool page's form takes them: its parameters and its uploaded pictures. */
export function settingsOf(
  creation: Pick<CreationDetail, 'input' | 'prompt' | 'parameters' | 'uploads'>,
): AppliedSettings {
  const params = creation.parameters ?? creation.input;
  const upload = (field: string) => {
    const listed = creation.uploads?.find((u) => u.field === field)?.url;
    const given = creation.input[field];
    return listed ?? (typeof given === 'string' && given !== '' ? given : null);
  };
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    prompt: creation.prompt,
    width: number(params['width']),
    height: number(params['height']),
    params,
    image: upload('image'),
    poseImage: upload('pose_image'),
  };
}

/**
 * The tool page's part: reads `?settings` (and `&seed=new`) through the router (each tool route validates
 * them, src/features/tools/tool-search.ts) and hands the run its settings once, then drops them from the
 * address with the router's navigate (replace).
 */
export function useCreationSettings(run: ToolRunActor): void {
  const app = useApp();
  const navigate = useNavigate();
  const search = useSearch({ strict: false });
  const id = search.settings ? search.settings : null;
  const newSeed = search.seed === 'new';
  useEffect(() => {
    if (id === null) return;
    const aborted = new AbortController();
    void (async () => {
      try {
        const creation = await (await flowContext(app).api()).getCreation(id, { signal: aborted.signal });
        if (aborted.signal.aborted) return;
        run.send({ type: 'tool.apply', ...settingsOf(creation) });
        if (newSeed) run.send({ type: 'tool.generate' });
      } catch (error) {
        // A creation gone (deleted, another account's) leaves the form as it was.
        if (!aborted.signal.aborted) console.error('Failed to load the creation’s settings', error);
      }
      if (aborted.signal.aborted) return;
      void navigate({ to: '.', search: {}, replace: true });
    })();
    return () => aborted.abort();
  }, [app, run, id, newSeed, navigate]);
}
