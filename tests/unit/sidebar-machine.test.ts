import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sidebarMachine } from '../../src/flows/sidebar/sidebar.machine';

const start = (width: number) => createActor(sidebarMachine, { input: { width } }).start();

describe('sidebar machine', () => {
  it('NAV-4: is mobile under 768 px and expanded otherwise', () => {
    expect(start(767).getSnapshot().matches({ mobile: 'closed' })).toBe(true);
    expect(start(768).getSnapshot().matches({ desktop: 'expanded' })).toBe(true);
  });

  it('collapses and expands on desktop with the toggle', () => {
    const actor = start(1280);
    actor.send({ type: 'sidebar.toggle' });
    expect(actor.getSnapshot().matches({ desktop: 'collapsed' })).toBe(true);
    expect(actor.getSnapshot().hasTag('labels')).toBe(false);
    actor.send({ type: 'sidebar.toggle' });
    expect(actor.getSnapshot().matches({ desktop: 'expanded' })).toBe(true);
  });

  it('opens the drawer on mobile and closes it on navigation or close', () => {
    const actor = start(390);
    actor.send({ type: 'sidebar.open' });
    expect(actor.getSnapshot().hasTag('drawerOpen')).toBe(true);
    actor.send({ type: 'navigation.done' });
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true);
    actor.send({ type: 'sidebar.toggle' });
    actor.send({ type: 'sidebar.close' });
    expect(actor.getSnapshot().hasTag('drawerOpen')).toBe(false);
  });

  it('follows the viewport across the breakpoint, expanded again when not mobile', () => {
    const actor = start(1280);
    actor.send({ type: 'sidebar.toggle' });
    actor.send({ type: 'viewport.resized', width: 500 });
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true);
    actor.send({ type: 'sidebar.open' });
    actor.send({ type: 'viewport.resized', width: 1024 });
    expect(actor.getSnapshot().matches({ desktop: 'expanded' })).toBe(true);
    expect(actor.getSnapshot().context.width).toBe(1024);
    actor.send({ type: 'navigation.done' });
    expect(actor.getSnapshot().matches({ desktop: 'expanded' })).toBe(true);
  });
});
