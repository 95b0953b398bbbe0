import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { machines } from '../../src/flows';
import { machineGroups, machineName } from '../../src/flows/groups';
import { allStates, toFlowGraph } from '../../tools/flows/graph';
import { layoutFlow } from '../../tools/flows/layout';
import type { CoverageFile } from '../../src/features/flows/coverage';
import { renderFlows } from './router-harness';
import { sessionAt } from '../flows/models/session.model';

/** The coverage report the page loads (coverage/flows.json in a build): two session transitions not walked. */
const report = vi.hoisted(() => ({ current: null as CoverageFile | null }));
vi.mock('../../src/features/flows/coverage', () => ({ loadCoverage: () => Promise.resolve(report.current) }));

const isActive = (container: HTMLElement, id: string) =>
  container.querySelector(`[data-state="${id}"]`)?.getAttribute('data-active') === 'true';

const session = machines['session']!;
const readToken = (output: string | null) => ({ type: 'xstate.done.actor.readToken', output });

describe('flows viewer', () => {
  // The first layout loads elkjs and warms it up (seconds on two busy cores): done here, not by whichever
  // test runs first, so that each test's own wait for its chart holds in any order.
  beforeAll(async () => {
    await layoutFlow(toFlowGraph(machines['session']!));
  }, 60_000);

  it('lists every registered machine by its readable name, in its group, with a link to its chart', async () => {
    renderFlows();
    const list = await screen.findByRole('heading', { name: 'Machines' });
    const section = list.closest('section')!;
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(machineGroups.map((g) => g.name));
    for (const name of Object.keys(machines)) {
      const link = section.querySelector(`a[href="/flows/${name}"]`);
      expect(link?.querySelector('h4')).toHaveTextContent(machineName(name));
    }
  });

  it('draws the chosen machine with one node per state', async () => {
    const { container, router } = renderFlows();
    fireEvent.click(await screen.findByRole('link', { name: /^Verify email\b/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flows/verifyEmail'));
    const chart = await screen.findByRole('img', { name: /Statechart of verifyEmail/ }, { timeout: 10_000 });
    const states = allStates(toFlowGraph(machines['verifyEmail']!).root);
    expect(chart.querySelectorAll('[data-state]')).toHaveLength(states.length);
    expect(container.querySelector('[data-state="verifyEmail.success"]')).not.toBeNull();
  });

  it('points at one state through ?state=', async () => {
    const visitor = sessionAt(readToken(null));
    const { container } = renderFlows(`/flows/session?state=${visitor.path}`);
    await screen.findByRole('img', { name: /Statechart of session/ }, { timeout: 10_000 });
    expect(container.querySelector(`[data-state="${visitor.id}"]`)).toHaveAttribute('data-selected', 'true');
    expect(screen.getByText(session.getStateNodeById(visitor.id).description!)).toBeInTheDocument();
  });

  it('steps the session machine from reading to signed in, highlighting each state in turn', async () => {
    const user = { id: 'u1', email: 'maker@example.com', credits: 5, subscription: null, lastPasswordChange: null };
    const [reading, loading] = [sessionAt(), sessionAt(readToken('tok-1'))];
    const signedIn = sessionAt(readToken('tok-1'), { type: 'xstate.done.actor.loadUser', output: user });
    const { container } = renderFlows('/flows/session');
    await screen.findByRole('img', { name: /Statechart of session/ }, { timeout: 10_000 });
    expect(isActive(container, reading.id)).toBe(true);
    expect(isActive(container, signedIn.parent)).toBe(false);

    fireEvent.change(screen.getByLabelText('Output or error of readToken (JSON)'), { target: { value: '"tok-1"' } });
    fireEvent.click(screen.getByRole('button', { name: 'done readToken' }));
    await waitFor(() => expect(isActive(container, loading.id)).toBe(true));
    expect(isActive(container, reading.id)).toBe(false);
    // loadUser's input, field by field.
    const input = document.querySelector('dl[data-fields="Input of loadUser"]')!;
    expect([...input.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['token']);
    expect(input.querySelector('dd')!.textContent).toBe('"tok-1"');

    fireEvent.change(screen.getByLabelText('Output or error of loadUser (JSON)'), {
      target: { value: JSON.stringify(user) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'done loadUser' }));
    await waitFor(() => expect(isActive(container, signedIn.id)).toBe(true));
    expect(isActive(container, signedIn.parent)).toBe(true);
    expect(isActive(container, loading.parent)).toBe(false);
    expect(screen.getByTestId('current-state')).toHaveTextContent(signedIn.path);
    // Named effects are inert and logged; the assign actions really ran (context has the token).
    expect(within(screen.getByRole('list', { name: 'Effects run' })).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'auth.logout' })).toBeEnabled();
  });

  it('logs effects, enables only events the state accepts and fires delays on a simulated clock', async () => {
    const visitor = sessionAt(readToken(null));
    const submit = { type: 'auth.register.submit', email: 'a@b.c', password: 'p', confirmPassword: 'p' };
    const registering = sessionAt(readToken(null), submit);
    const notice = sessionAt(readToken(null), submit, { type: 'xstate.done.actor.register', output: {} });
    const { container } = renderFlows('/flows/session');
    await screen.findByRole('img', { name: /Statechart of session/ }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'done readToken' })); // null: no token → signed out
    await waitFor(() => expect(isActive(container, visitor.id)).toBe(true));

    const register = screen.getByRole('button', { name: 'auth.register.submit' });
    expect(register).toBeEnabled();
    fireEvent.click(register);
    await waitFor(() => expect(isActive(container, registering.id)).toBe(true));
    fireEvent.change(screen.getByLabelText('Output or error of register (JSON)'), {
      target: { value: '{"message":"Check your email","email":"a@b.c"}' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'done register' }));
    await waitFor(() => expect(isActive(container, notice.id)).toBe(true));
    const effects = within(screen.getByRole('list', { name: 'Effects run' }));
    expect(effects.getByText('navigate')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'fire after registerNotice' }));
    await waitFor(() => expect(isActive(container, visitor.id)).toBe(true));
  });

  it('lists, for a chosen state, the events it ignores on purpose and why', async () => {
    renderFlows('/flows/toolRun?state=working.polling');
    const list = await screen.findByRole('list', { name: 'Ignored on purpose' }, { timeout: 10_000 });
    expect(list.textContent).toContain('tool.generate');
    expect(list.textContent).toContain('A run is in progress: the form and its button are disabled until it ends.');
  });

  it('overlays the coverage report: the transitions it lists as missing red, every other one walked', async () => {
    // The transitions the chart draws (as edges, or as rows inside their state when they have no target).
    const first = renderFlows('/flows/session');
    await screen.findByRole('img', { name: /Statechart of session/ }, { timeout: 10_000 });
    const keysOf = (selector: string) =>
      [...first.container.querySelectorAll(selector)].map((e) => e.getAttribute('data-transition')!).sort();
    const drawn = keysOf('[data-transition]');
    first.unmount();
    const missing = [drawn[0]!, drawn[drawn.length - 1]!];
    const total = toFlowGraph(machines['session']!).transitions.length;
    report.current = {
      session: {
        states: allStates(toFlowGraph(machines['session']!).root).length,
        transitions: total,
        walked: total - 2,
        missing,
        percent: 90,
      },
    };
    try {
      const { container } = renderFlows('/flows/session');
      await screen.findByRole('img', { name: /Statechart of session/ }, { timeout: 10_000 });
      const overlay = await screen.findByRole('checkbox', { name: /Coverage overlay/ });
      await waitFor(() => expect(overlay).toBeEnabled());
      expect(overlay).toHaveAccessibleName(`Coverage overlay (${total - 2}/${total} walked, 90%)`);
      expect(container.querySelectorAll('[data-coverage]')).toHaveLength(0);

      fireEvent.click(overlay);
      const marked = (state: string) =>
        [...container.querySelectorAll(`[data-coverage="${state}"]`)]
          .map((e) => e.getAttribute('data-transition'))
          .sort();
      await waitFor(() => expect(marked('missing')).toEqual([...missing].sort()));
      expect(marked('walked')).toEqual(drawn.filter((k) => !missing.includes(k)));
    } finally {
      report.current = null;
    }
  });

  it('says so when the build carries no coverage report for the machine', async () => {
    renderFlows('/flows/session');
    expect(await screen.findByText('No path run yet: this chart has no coverage to show.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Coverage overlay/ })).toBeDisabled();
  });
});
