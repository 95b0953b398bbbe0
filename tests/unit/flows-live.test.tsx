import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import { sidebarMachine } from '../../src/flows/sidebar/sidebar.machine';
import { createLiveInspector } from '../../src/app/live';
import { LiveChannelContext } from '../../src/features/flows/live';
import { renderFlows } from './router-harness';

// Each test has its own channel name, so nothing carries over between tests.
const channels: BroadcastChannel[] = [];
const open = (name: string) => () => {
  const channel = new BroadcastChannel(name);
  channels.push(channel);
  return channel;
};
afterEach(() => {
  for (const c of channels.splice(0)) c.close();
});

const isActive = (container: HTMLElement, id: string) =>
  container.querySelector(`[data-state="${id}"]`)?.getAttribute('data-active') === 'true';

describe('flows viewer: live view', () => {
  it('follows a running app actor, already started before the viewer opened, as it moves', async () => {
    const name = `live-${crypto.randomUUID()}`;
    // The app's side: a sidebar actor inspected onto the channel, started on a wide screen.
    const app = createActor(sidebarMachine, {
      input: { width: 1280 },
      inspect: createLiveInspector(open(name)(), 'tab1'),
    }).start();

    const { container } = renderFlows('/flows/sidebar', (children) => (
      <LiveChannelContext.Provider value={open(name)}>{children}</LiveChannelContext.Provider>
    ));
    await screen.findByRole('img', { name: /Statechart of sidebar/ }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Follow the running app (development)' }));
    // The viewer's hello is answered with the actor's current state.
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('desktop.expanded'));
    expect(isActive(container, 'sidebar.desktop.expanded')).toBe(true);

    app.send({ type: 'sidebar.toggle' });
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('desktop.collapsed'));
    expect(isActive(container, 'sidebar.desktop.collapsed')).toBe(true);
    expect(isActive(container, 'sidebar.desktop.expanded')).toBe(false);

    app.send({ type: 'viewport.resized', width: 390 });
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('mobile.closed'));
    expect(isActive(container, 'sidebar.mobile')).toBe(true);

    // Stopped, it leaves the list.
    app.stop();
    await screen.findByText(/No sidebar actor is running/);
  });

  it('says when no actor of the machine runs, and the toggle off shows the step-through run again', async () => {
    const name = `live-${crypto.randomUUID()}`;
    const { container } = renderFlows('/flows/sidebar', (children) => (
      <LiveChannelContext.Provider value={open(name)}>{children}</LiveChannelContext.Provider>
    ));
    await screen.findByRole('img', { name: /Statechart of sidebar/ }, { timeout: 10_000 });
    const toggle = screen.getByRole('checkbox', { name: 'Follow the running app (development)' });
    fireEvent.click(toggle);
    await screen.findByText(/No sidebar actor is running/);
    fireEvent.click(toggle);
    expect(screen.queryByText(/No sidebar actor is running/)).toBeNull();
    // Off again, the chart shows the step-through run it had before.
    expect(container.querySelectorAll('[data-active="true"]').length).toBeGreaterThan(0);
  });
});
