/**
 * The theme machine takes no session outcome while it reads the stored theme (src/flows/theme): the app's
 * real start-up order is what makes that right. With the real root actor, the real token storage and
 * the real theme logic, a visitor's session settles while the stored theme is read (and changes
 * nothing), and a saved sign-in, even answered by the server at once, signs in only after it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { appMachine } from '../../src/app/app.machine';
import { sessionLogic } from '../../src/flows/session/session.effects';
import { themeLogic } from '../../src/flows/theme/theme.effects';
import { fakeEndpoints, freeUser } from './views/helpers';

/** Starts the app's actor system; returns each event the theme received with the state it was in. */
function startApp(endpoints: ReturnType<typeof fakeEndpoints>) {
  const received: string[] = [];
  const app = createActor(
    appMachine.provide({
      actors: {
        session: sessionLogic({ endpoints, navigate: () => {} }),
        // The real stored-theme reader; the server's theme answers none.
        theme: themeLogic.provide({ actors: { loadRemoteTheme: fromPromise<string | null>(async () => null) } }),
      },
      actions: { navigate: () => {} },
    }),
    {
      input: { width: 1280 },
      inspect: (e) => {
        const actor = e.actorRef as AnyActorRef;
        if (e.type !== '@xstate.event' || actor.id !== 'theme' || e.event.type === 'xstate.init') return;
        received.push(`${e.event.type} in ${JSON.stringify(actor.getSnapshot().value)}`);
      },
    },
  ).start();
  return { app, received, theme: () => app.system.get('theme').getSnapshot() };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('theme', 'forest');
});
afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('start-up order of the session and the theme', () => {
  it("a visitor's session settles while the stored theme is read; the theme then starts as a visitor's", async () => {
    const { app, received, theme } = startApp(fakeEndpoints());
    await settled();
    expect(received).toEqual(['session.signedOut in "starting"', 'xstate.done.actor.0.theme.starting in "starting"']);
    expect(theme().value).toBe('local');
    expect(document.documentElement.dataset.theme).toBe('forest');
    app.stop();
  });

  it('a saved sign-in answered by the server at once signs in after the stored theme is read', async () => {
    localStorage.setItem('token', 'saved-token');
    const { app, received, theme } = startApp(fakeEndpoints(freeUser));
    await settled();
    expect(received).toEqual([
      'xstate.done.actor.0.theme.starting in "starting"',
      'session.signedIn in "local"',
      'xstate.done.actor.0.theme.remote.loading in {"remote":"loading"}',
    ]);
    expect(theme().value).toEqual({ remote: 'synced' });
    app.stop();
  });
});
