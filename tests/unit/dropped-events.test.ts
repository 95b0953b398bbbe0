import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { droppedEventInspector, type DroppedEvent } from '../../src/app/dropped-events';
import { createAppInspect } from '../../src/app/inspect';
import { ignoredAt } from '../../src/flows/shared/meta';
import { inertAppLogic } from '../../src/app/inert';
import { systemIds } from '../../src/app/app.machine';
import { sidebarMachine } from '../../src/flows/sidebar/sidebar.machine';

describe('events an actor drops', () => {
  it('reports an event the current state cannot take, not one it takes or ignores on purpose (on its states, src/flows/shared/meta.ts)', () => {
    const reported: DroppedEvent[] = [];
    const actor = createActor(sidebarMachine, {
      input: { width: 1280 },
      inspect: droppedEventInspector((d) => reported.push(d), ignoredAt),
    }).start();
    // Taken, then ignored on purpose on a wide screen (no drawer to open or close).
    actor.send({ type: 'sidebar.toggle' });
    actor.send({ type: 'navigation.done' });
    actor.send({ type: 'sidebar.open' });
    expect(reported).toEqual([]);
    // An event no view sends the sidebar, and none it ignores.
    actor.send({ type: 'noise' } as never);
    expect(reported).toEqual([
      { actor: actor.id, machine: 'sidebar', event: 'noise', state: { desktop: 'collapsed' } },
    ]);
    actor.stop();
  });

  it('names the long-lived actors by system id', async () => {
    const report = vi.fn();
    const app = createActor(inertAppLogic, {
      input: { width: 1280 },
      inspect: droppedEventInspector(report, ignoredAt),
    }).start();
    const session = app.system.get(systemIds.session);
    await vi.waitFor(() => expect(session.getSnapshot().hasTag('visitor')).toBe(true));
    // A 401 of a call made with a token the session no longer holds, and a navigation without a drawer.
    session.send({ type: 'auth.expired', token: 'old' });
    app.system.get(systemIds.sidebar).send({ type: 'navigation.done' });
    expect(report).not.toHaveBeenCalled();
    session.send({ type: 'tool.generate' } as never);
    expect(report).toHaveBeenCalledWith({
      actor: 'session',
      machine: 'session',
      event: 'tool.generate',
      state: session.getSnapshot().value,
    });
    app.stop();
  });

  it('the inspector refers to nothing outside itself, so its source alone reports in a page (tests/e2e/dropped-report.ts)', () => {
    const reported: DroppedEvent[] = [];
    const rebuilt = new Function(`return (${droppedEventInspector.toString()})`)() as typeof droppedEventInspector;
    const actor = createActor(sidebarMachine, {
      input: { width: 1280 },
      inspect: rebuilt((d) => reported.push(d)),
    }).start();
    actor.send({ type: 'sidebar.toggle' });
    expect(reported).toEqual([]);
    actor.send({ type: 'noise' } as never);
    expect(reported).toEqual([
      { actor: actor.id, machine: 'sidebar', event: 'noise', state: { desktop: 'collapsed' } },
    ]);
    actor.stop();
  });

  it("the app's actors are also inspected by the observer a test gave the page (src/app/test-hooks.ts)", () => {
    const given = vi.fn();
    window.__atelierTest = { inspect: given };
    try {
      const inspect = createAppInspect();
      const event = { type: '@xstate.event', sourceRef: {}, event: { type: 'between.actors' } } as never;
      inspect?.(event);
      expect(given).toHaveBeenCalledWith(event);
    } finally {
      delete window.__atelierTest;
    }
  });
});
