import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { themeMachine } from '../../src/flows/theme/theme.machine';
import type { ThemeName } from '../../src/themes/names';

function start(
  options: { stored?: string | null; remote?: () => Promise<string | null>; save?: () => Promise<void> } = {},
) {
  const applied: ThemeName[] = [];
  const stored: ThemeName[] = [];
  const saved: ThemeName[] = [];
  const logged: unknown[] = [];
  const machine = themeMachine.provide({
    actors: {
      readStoredTheme: fromPromise(async () => options.stored ?? null),
      loadRemoteTheme: fromPromise(options.remote ?? (async () => null)),
      saveRemoteTheme: fromPromise<void, { theme: ThemeName }>(async ({ input }) => {
        saved.push(input.theme);
        await (options.save ?? (async () => undefined))();
      }),
    },
    actions: {
      applyTheme: (_, p) => void applied.push(p.theme),
      storeTheme: (_, p) => void stored.push(p.theme),
      logThemeError: (_, p) => void logged.push(p.error),
    },
  });
  const actor = createActor(machine).start();
  return { actor, applied, stored, saved, logged };
}

describe('theme machine', () => {
  it('THEME-1: applies the stored theme, or dark when it is missing or unknown', async () => {
    const known = start({ stored: 'ocean' });
    await waitFor(known.actor, (s) => s.matches('local'));
    expect(known.applied).toEqual(['ocean']);

    const unknown = start({ stored: 'nope' });
    await waitFor(unknown.actor, (s) => s.matches('local'));
    expect(unknown.applied).toEqual(['dark']);
    expect(unknown.actor.getSnapshot().context.theme).toBe('dark');
  });

  it('THEME-3, THEME-4: applies and stores a chosen theme at once and ignores unknown names', async () => {
    const { actor, applied, stored, saved } = start();
    await waitFor(actor, (s) => s.matches('local'));
    actor.send({ type: 'theme.select', theme: 'sakura' });
    expect(actor.getSnapshot().context.theme).toBe('sakura');
    expect(applied.at(-1)).toBe('sakura');
    expect(stored).toEqual(['sakura']);
    actor.send({ type: 'theme.select', theme: 'not-a-theme' });
    expect(actor.getSnapshot().context.theme).toBe('sakura');
    expect(stored).toEqual(['sakura']);
    expect(saved).toEqual([]);
  });

  it("THEME-2, THEME-3: replaces the local theme with the server's known one on sign in, and saves later choices", async () => {
    const { actor, applied, stored, saved } = start({ stored: 'light', remote: async () => 'jade' });
    await waitFor(actor, (s) => s.matches('local'));
    actor.send({ type: 'session.signedIn' });
    await waitFor(actor, (s) => s.matches({ remote: 'synced' }));
    expect(actor.getSnapshot().context.theme).toBe('jade');
    expect(applied.at(-1)).toBe('jade');
    expect(stored.at(-1)).toBe('jade');
    actor.send({ type: 'theme.select', theme: 'amber' });
    expect(applied.at(-1)).toBe('amber');
    await waitFor(actor, (s) => s.matches({ remote: 'synced' }));
    expect(saved).toEqual(['amber']);
    actor.send({ type: 'session.signedOut' });
    expect(actor.getSnapshot().matches('local')).toBe(true);
    actor.send({ type: 'theme.select', theme: 'rose' });
    expect(saved).toEqual(['amber']);
  });

  it("THEME-2, THEME-5: keeps the local theme when the server's is unknown, and only logs load and save failures", async () => {
    const unknown = start({ stored: 'light', remote: async () => 'weird' });
    await waitFor(unknown.actor, (s) => s.matches('local'));
    unknown.actor.send({ type: 'session.signedIn' });
    await waitFor(unknown.actor, (s) => s.matches({ remote: 'synced' }));
    expect(unknown.actor.getSnapshot().context.theme).toBe('light');

    const failing = start({
      stored: 'light',
      remote: async () => Promise.reject(new Error('down')),
      save: async () => Promise.reject(new Error('still down')),
    });
    await waitFor(failing.actor, (s) => s.matches('local'));
    failing.actor.send({ type: 'session.signedIn' });
    await waitFor(failing.actor, (s) => s.matches({ remote: 'synced' }));
    failing.actor.send({ type: 'theme.select', theme: 'ruby' });
    await waitFor(failing.actor, (s) => s.matches({ remote: 'synced' }));
    expect(failing.actor.getSnapshot().context.theme).toBe('ruby');
    expect(failing.applied.at(-1)).toBe('ruby');
    expect(failing.logged).toHaveLength(2);
  });

  it('reads the stored theme first: a session outcome sent meanwhile is not taken', async () => {
    // The app reads it before the session can sign in (tests/unit/theme-startup.test.ts); a visitor's
    // session settles meanwhile, and a visitor is what the theme starts as anyway.
    const remote = vi.fn(async () => 'zen');
    const { actor, applied } = start({ stored: 'light', remote });
    actor.send({ type: 'session.signedOut' });
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    await waitFor(actor, (s) => s.matches('local'));
    expect(applied).toEqual(['light']);
    expect(remote).not.toHaveBeenCalled();
  });
});
