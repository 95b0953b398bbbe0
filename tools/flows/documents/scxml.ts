/**
 * A machine's graph as SCXML (W3C State Chart XML): one `<state>`, `<parallel>`, `<final>` or
 * `<history>` element per state node (the root included, as the document's initial state),
 * `initial` on compound states, one `<transition>` per transition with its guard as `cond`.
 * A delay is a `<send delay>` on entry (cancelled on exit) with the `<transition>` its event takes;
 * an `always` transition is eventless. Actions are `<log label="action">` entries, by name.
 */
import { childrenIn, type GraphState, type GraphTransition, type MachineGraph } from './model';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const actionLogs = (names: string[], indent: string) =>
  names.map((n) => `${indent}<log label="action" expr="${esc(`'${n.replace(/'/g, '')}'`)}"/>`);

function transitionXml(t: GraphTransition, indent: string): string[] {
  const attrs = [
    t.kind === 'always' ? '' : ` event="${esc(t.event)}"`,
    t.guard ? ` cond="${esc(t.guard)}"` : '',
    t.targets.length ? ` target="${esc(t.targets.join(' '))}"` : '',
    t.targets.length && !t.reenter ? '' : ' type="internal"',
  ].join('');
  if (!t.actions.length) return [`${indent}<transition${attrs}/>`];
  return [`${indent}<transition${attrs}>`, ...actionLogs(t.actions, `${indent}  `), `${indent}</transition>`];
}

function stateXml(graph: MachineGraph, s: GraphState, indent: string): string[] {
  const tag =
    s.kind === 'parallel' ? 'parallel' : s.kind === 'final' ? 'final' : s.kind === 'history' ? 'history' : 'state';
  const attrs = [
    ` id="${esc(s.id)}"`,
    s.initial ? ` initial="${esc(s.initial)}"` : '',
    s.kind === 'history' ? ' type="shallow"' : '',
  ].join('');
  const inner = `${indent}  `;
  const body: string[] = [];
  if (s.description) body.push(`${inner}<!-- ${s.description.replace(/--/g, '—')} -->`);
  const own = graph.transitions.filter((t) => t.source === s.id);
  const delays = own.filter((t) => t.kind === 'after');
  const sends = [...new Map(delays.map((t) => [t.event, t])).values()];
  if (s.entry.length || sends.length) {
    body.push(`${inner}<onentry>`, ...actionLogs(s.entry, `${inner}  `));
    for (const t of sends) {
      const delay =
        t.delay?.ms !== null && t.delay?.ms !== undefined
          ? ` delay="${t.delay.ms}ms"`
          : ` delayexpr="${esc(`'${t.delay?.name ?? ''}'`)}"`;
      body.push(`${inner}  <send id="${esc(t.event)}" event="${esc(t.event)}"${delay}/>`);
    }
    body.push(`${inner}</onentry>`);
  }
  if (s.exit.length || sends.length) {
    body.push(`${inner}<onexit>`, ...actionLogs(s.exit, `${inner}  `));
    for (const t of sends) body.push(`${inner}  <cancel sendid="${esc(t.event)}"/>`);
    body.push(`${inner}</onexit>`);
  }
  for (const i of s.invokes) body.push(`${inner}<invoke id="${esc(i.id)}" type="xstate" src="${esc(i.src)}"/>`);
  for (const t of own) body.push(...transitionXml(t, inner));
  for (const c of childrenIn(graph, s.id)) body.push(...stateXml(graph, c, inner));
  if (!body.length) return [`${indent}<${tag}${attrs}/>`];
  return [`${indent}<${tag}${attrs}>`, ...body, `${indent}</${tag}>`];
}

export function machineScxml(graph: MachineGraph): string {
  const root = graph.states[0]!;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="${esc(graph.id)}" initial="${esc(root.id)}">`,
    ...(graph.description ? [`  <!-- ${graph.description.replace(/--/g, '—')} -->`] : []),
    ...stateXml(graph, root, '  '),
    '</scxml>',
    '',
  ].join('\n');
}
