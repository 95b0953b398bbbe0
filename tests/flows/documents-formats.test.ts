// @vitest-environment jsdom
/**
 * The documents of every registered machine: the Mermaid export parses with mermaid's own parser,
 * the SCXML export is XML with one state element per state and one <transition> per transition,
 * the Markdown names every state and transition, and the stories of the reset-password flow
 * include the automatic login and its failure.
 */
import mermaid from 'mermaid';
import { describe, expect, it } from 'vitest';
import { and, not, or, setup } from 'xstate';
import { machines } from '../../src/flows';
import { facts } from '../../src/flows/shared/meta';
import { exportMachine, graphOf } from '../../tools/flows/documents';
import { flowModels } from './models';

const text = async (...args: Parameters<typeof exportMachine>) => (await exportMachine(...args)).content as string;

describe('flows documents', () => {
  it.each(Object.entries(machines))('%s: the Mermaid export parses', async (_name, machine) => {
    const source = await text(machine, 'mermaid');
    expect(source.startsWith('stateDiagram-v2')).toBe(true);
    await expect(mermaid.parse(source)).resolves.toMatchObject({ diagramType: 'stateDiagram' });
  });

  it.each(Object.entries(machines))(
    '%s: the SCXML export is XML with a state element per state and a <transition> per transition',
    async (_name, machine) => {
      const graph = graphOf(machine);
      const doc = new DOMParser().parseFromString(await text(machine, 'scxml'), 'application/xml');
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(doc.documentElement.localName).toBe('scxml');
      const states = [...doc.querySelectorAll('state, parallel, final, history')];
      expect(states.map((e) => e.getAttribute('id')).sort()).toEqual(graph.states.map((s) => s.id).sort());
      expect(doc.getElementsByTagName('transition')).toHaveLength(graph.transitions.length);
      for (const s of graph.states) {
        const element = states.find((e) => e.getAttribute('id') === s.id)!;
        expect(element.localName).toBe(
          s.kind === 'parallel' || s.kind === 'final' || s.kind === 'history' ? s.kind : 'state',
        );
        expect(element.getAttribute('initial')).toBe(s.initial);
      }
      const own = (t: (typeof graph.transitions)[number]) =>
        [...states.find((e) => e.getAttribute('id') === t.source)!.children].filter(
          (c) => c.localName === 'transition',
        );
      for (const t of graph.transitions.filter((x) => x.kind === 'always'))
        expect(
          own(t).some((e) => !e.hasAttribute('event') && (e.getAttribute('target') ?? '') === t.targets.join(' ')),
        ).toBe(true);
      for (const t of graph.transitions.filter((x) => x.kind === 'after')) {
        const source = states.find((e) => e.getAttribute('id') === t.source)!;
        const send = [...source.querySelectorAll(':scope > onentry > send')].find(
          (e) => e.getAttribute('event') === t.event,
        );
        expect(send?.getAttribute('delay') ?? send?.getAttribute('delayexpr')).toBeTruthy();
        expect(own(t).some((e) => e.getAttribute('event') === t.event)).toBe(true);
      }
    },
  );

  it.each(Object.entries(machines))(
    '%s: the Markdown export names every state and transition',
    async (_name, machine) => {
      const graph = graphOf(machine);
      const md = await text(machine, 'md');
      for (const s of graph.states.slice(1)) expect(md).toContain(`### ${s.path}`);
      const rows = md
        .split('\n')
        .filter((l) => l.startsWith('| ') && !l.startsWith('| From') && !l.startsWith('| ---'));
      expect(rows).toHaveLength(graph.transitions.length);
      for (const t of graph.transitions.filter((x) => x.guard)) expect(md).toContain(t.guard!);
      for (const t of graph.transitions.filter((x) => x.delay)) expect(md).toContain(t.label);
    },
  );

  it('the session document names the composite guard as written, and the always transitions are there', async () => {
    const md = await text(machines['session']!, 'md');
    expect(md).toContain('or(isAdopting, isRefusal)');
    const always = Object.values(machines).flatMap((m) => graphOf(m).transitions.filter((t) => t.kind === 'always'));
    expect(always.length).toBeGreaterThan(0);
    const sidebar = await text(machines['sidebar']!, 'md');
    expect(sidebar).toMatch(/\| always \|/);
  });

  it('each delay is one transition, labelled with its name and milliseconds', () => {
    const graph = graphOf(machines['resetPassword']!);
    const after = graph.transitions.filter((t) => t.kind === 'after');
    expect(after.map((t) => t.label)).toEqual([
      'after successPause (1000 ms)',
      'after loginPause (1500 ms)',
      'after loginPause (1500 ms)',
    ]);
    // The timers XState adds on entry and exit are the delay itself, not actions of the state.
    expect(graph.states.flatMap((s) => [...s.entry, ...s.exit])).toEqual([]);
  });

  it('the stories of the reset-password flow include the automatic login and its failure', async () => {
    const stories = await text(machines['resetPassword']!, 'stories', { models: flowModels['resetPassword']! });
    const graph = graphOf(machines['resetPassword']!);
    expect(stories).toContain(`${graph.transitions.length} stories for ${graph.transitions.length} transitions`);
    const story = (title: string) => {
      const start = stories.indexOf(title);
      expect(start, title).toBeGreaterThan(-1);
      const end = stories.indexOf('### ', start + 4);
      return stories.slice(start, end === -1 ? undefined : end);
    };
    const login = story('loggingIn → loggedIn on done login');
    expect(login).toMatch(/1\. Given the flow starts/);
    expect(login).toContain('When the successPause delay passes');
    expect(login).toContain('When login succeeds');
    expect(login).toMatch(/Then it is in loggedIn/);
    const failed = story('loggingIn → loginFailed on error login');
    expect(failed).toContain('When login fails');
    expect(failed).toContain(
      "Then it is in loginFailed (the person sees 'Automatic login failed. Please log in manually.')",
    );
    expect(stories.indexOf('## Reaching loginFailed')).toBeGreaterThan(-1);
    expect(stories).not.toContain('Not walked by any planned path');
  });

  it('the JSON export is the graph model', async () => {
    const machine = machines['checkoutReturn']!;
    expect(JSON.parse(await text(machine, 'json'))).toEqual(graphOf(machine));
  });

  it('reads guards by their written names, product rules and sights from the meta, entry and exit actions', async () => {
    const sample = setup({
      guards: { ready: () => true, open: () => true },
      actions: { greet: () => {}, wave: () => {} },
    }).createMachine({
      id: 'sample',
      description: 'A sample flow',
      meta: facts({ sends: ['go'], rules: ['DEMO-1'] }),
      initial: 'a',
      states: {
        a: {
          meta: facts({ rules: ['DEMO-2'], sees: [{ text: 'Hello' }] }),
          entry: 'greet',
          exit: ['wave'],
          on: {
            go: [
              { guard: and(['ready', not('open')]), target: 'b' },
              { guard: or(['open', { type: 'ready' }]), target: 'b' },
              { guard: () => true, target: 'b' },
            ],
          },
        },
        b: { type: 'final' },
      },
    });
    const graph = graphOf(sample);
    expect(graph.transitions.map((t) => t.guard)).toEqual(['and(ready, not(open))', 'or(open, ready)', 'inline']);
    expect(graph.states[1]).toMatchObject({ rules: ['DEMO-2'], sees: ["'Hello'"], entry: ['greet'], exit: ['wave'] });
    const md = await text(sample, 'md');
    expect(md).toContain('A sample flow');
    expect(md).toContain('- DEMO-1: the whole machine');
    expect(md).toContain('- DEMO-2: a');
    expect(md).toContain("The person sees: 'Hello'");
    expect(md).toContain('On entry: `greet`');
  });

  it('stories need the flow models', async () => {
    await expect(exportMachine(machines['resetPassword']!, 'stories')).rejects.toThrow(/flow models/);
  });

  it('mermaid rejects a broken diagram (the parse check has teeth)', async () => {
    await expect(mermaid.parse('stateDiagram-v2\n  state "a" as x {\n')).rejects.toThrow();
  });
});
