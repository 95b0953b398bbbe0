/**
 * Missing transitions found before run time: in every state of every registered machine, each
 * event the app sends that machine (its root's `sends`) is handled or ignored on purpose (a state's
 * `ignores`, src/flows/shared/meta.ts). The lists of sent events are checked against the code of the
 * views, routes and their glue, machine by machine: the TypeScript checker tells which actor each
 * `.send(` goes to.
 */
import { readdirSync, statSync } from 'node:fs';
import ts from 'typescript';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../src/flows';
import { ignoresAt, sendsOf, type Ignore } from '../../src/flows/shared/meta';
import { appMachine } from '../../src/app/app.machine';

interface Node {
  path: string[];
  type: string;
  parent?: Node;
  meta?: unknown;
  states: Record<string, Node>;
  transitions: Map<string, unknown>;
}

const nodesOf = (machine: AnyStateMachine): Node[] => {
  const out: Node[] = [];
  const walk = (n: Node) => {
    out.push(n);
    for (const c of Object.values(n.states)) walk(c);
  };
  walk(machine.root as unknown as Node);
  return out;
};
const leavesOf = (machine: AnyStateMachine) =>
  nodesOf(machine).filter((n) => n.type === 'atomic' || n.type === 'final');
const eventsOf = (machine: AnyStateMachine) => new Set(nodesOf(machine).flatMap((n) => [...n.transitions.keys()]));
const ownIgnores = (n: Node): readonly Ignore[] => (n.meta as { ignores?: Ignore[] } | undefined)?.ignores ?? [];
const nameOf = (n: Node) => n.path.join('.') || '(root)';

/** Handled in `leaf`: a transition on it or an ancestor (a wildcard counts). */
function handles(leaf: Node, event: string): boolean {
  for (let n: Node | undefined = leaf; n; n = n.parent)
    if (n.transitions.has(event) || n.transitions.has('*')) return true;
  return false;
}

/** What the app sends a machine: its own `sends`, unless a test gives another list. */
export type Sends = readonly string[];

/** For each leaf state, the events sent that it neither handles nor ignores on purpose. */
export function unhandled(machine: AnyStateMachine, sends: Sends = sendsOf(machine)): string[] {
  return leavesOf(machine).flatMap((leaf) =>
    sends
      .filter((event) => !handles(leaf, event))
      .filter((event) => !ignoresAt(leaf).some((i) => i.events.includes(event)))
      .map((event) => `${machine.id}: ${nameOf(leaf)} drops ${event}`),
  );
}

/** Ignores that say nothing true: an event not sent, or one a state below it handles. */
export function staleIgnores(machine: AnyStateMachine, sends: Sends = sendsOf(machine)): string[] {
  const below = (n: Node) =>
    leavesOf(machine).filter((leaf) => {
      for (let a: Node | undefined = leaf; a; a = a.parent) if (a === n) return true;
      return false;
    });
  return nodesOf(machine).flatMap((n) =>
    ownIgnores(n).flatMap((i) => [
      ...i.events.filter((e) => !sends.includes(e)).map((e) => `${machine.id}: ${e} is ignored but never sent`),
      ...below(n).flatMap((leaf) =>
        i.events
          .filter((e) => handles(leaf, e))
          .map((e) => `${machine.id}: ${nameOf(leaf)} handles ${e} it says it ignores`),
      ),
    ]),
  );
}

/** The event types a type may be: the string literals of its `type` property (of each member of a union). */
function typeLiterals(checker: ts.TypeChecker, type: ts.Type | undefined, at: ts.Node): Set<string> {
  const out = new Set<string>();
  const add = (t: ts.Type) => {
    if (t.isUnion()) return t.types.forEach(add);
    const property = t.getProperty('type');
    if (!property) return;
    const value = checker.getTypeOfSymbolAtLocation(property, at);
    for (const v of value.isUnion() ? value.types : [value]) if (v.isStringLiteral()) out.add(v.value);
  };
  if (type) add(type);
  return out;
}

/** The events a machine takes somewhere (its own; not xstate's done, error and delay events). */
const takes = (machine: AnyStateMachine) =>
  new Set([...eventsOf(machine)].filter((e) => e !== '*' && !e.startsWith('xstate.')));

/** The machine (or the root actor, '(root)') an actor of these event types runs: one that takes them all. */
function receiverOf(events: ReadonlySet<string>, actors: Record<string, AnyStateMachine>): string | null {
  const entries = Object.entries(actors).map(([name, machine]) => [name, takes(machine)] as const);
  // The actor's event type is its machine's; a narrower one (a structural type naming a few events) must fit only one.
  const exact = entries.filter(([, t]) => t.size === events.size && [...events].every((e) => t.has(e)));
  const fits = entries.filter(([, t]) => events.size > 0 && [...events].every((e) => t.has(e)));
  const found = exact.length === 1 ? exact : fits;
  return found.length === 1 ? found[0]![0] : null;
}

export interface SentInCode {
  /** Machine name → event type → the files that send it there. */
  byMachine: Map<string, Map<string, string[]>>;
  /** `.send(` calls whose receiver no registered machine or the root actor explains (file:line and why). */
  unexplained: string[];
}

/**
 * Every event the views, routes and their glue send, by the actor they send it to. The TypeScript
 * checker tells both: the receiver from the parameter type of the `send` called (an actor's event
 * union, matched to the registered machine that takes those events), the events from the type of the
 * argument (a conditional `type` gives both literals; a helper's return type, all it may return).
 */
function scanSends(): SentInCode {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.css.ts')) files.push(full);
    }
  };
  walk(path.join('src', 'features'));
  walk(path.join('src', 'app'));
  walk(path.join('src', 'routes'));
  // A flow's real effects (src/flows/<area>/x.effects.ts) are glue too: they send to the session, say.
  const before = files.length;
  walk(path.join('src', 'flows'));
  files.splice(before, files.length - before, ...files.slice(before).filter((f) => f.endsWith('.effects.ts')));
  // The flows viewer sends whatever a person picks to its inert runs; it is not the app.
  const scanned = new Set(files.filter((f) => !f.startsWith(path.join('src', 'features', 'flows'))));
  const config = ts.getParsedCommandLineOfConfigFile(
    'tsconfig.json',
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: [...scanned], options: config.options });
  const checker = program.getTypeChecker();
  const actors = { ...machines, '(root)': appMachine };
  const byMachine = new Map<string, Map<string, string[]>>();
  const unexplained: string[] = [];
  for (const source of program.getSourceFiles()) {
    const file = path.relative('.', source.fileName);
    if (!scanned.has(file)) continue;
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'send' &&
        node.arguments.length > 0
      ) {
        const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
        const parameter = checker.getResolvedSignature(node)?.getParameters()[0];
        const accepted = typeLiterals(
          checker,
          parameter ? checker.getTypeOfSymbolAtLocation(parameter, node) : undefined,
          node,
        );
        const sent = typeLiterals(checker, checker.getTypeAtLocation(node.arguments[0]!), node);
        const receiver = receiverOf(accepted, actors);
        if (!receiver) unexplained.push(`${where}: sends to an actor no registered machine explains`);
        else if (sent.size === 0) unexplained.push(`${where}: the event type is not a literal`);
        else {
          const events = byMachine.get(receiver) ?? new Map<string, string[]>();
          for (const e of sent) events.set(e, [...(events.get(e) ?? []), where]);
          byMachine.set(receiver, events);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { byMachine, unexplained };
}

let scan: SentInCode | undefined;
/** Type-checking the app takes seconds: the scan runs once for the tests that read it. */
const sentInCode = () => (scan ??= scanSends());

describe('events the app sends: handled or ignored on purpose in every state', () => {
  it('every registered machine declares what the app sends it (its root meta)', () => {
    const undeclared = Object.entries(machines)
      .filter(([, m]) => !Array.isArray((m.root.meta as { sends?: unknown } | undefined)?.sends))
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });

  it('sends only events the machine knows somewhere (no typos)', () => {
    const unknown = Object.entries(machines).flatMap(([name, machine]) => {
      const known = eventsOf(machine);
      return sendsOf(machine)
        .filter((e) => !known.has(e))
        .map((e) => `${name}: ${e}`);
    });
    expect(unknown).toEqual([]);
  });

  it('each machine declares exactly the events the views and their glue send to it', () => {
    const { byMachine, unexplained } = sentInCode();
    expect(unexplained).toEqual([]);
    const problems = Object.entries(machines).flatMap(([name, machine]) => {
      const declared = sendsOf(machine);
      const sent = byMachine.get(name) ?? new Map<string, string[]>();
      return [
        ...[...sent]
          .filter(([e]) => !declared.includes(e))
          .map(([e, where]) => `${name}: ${e} is sent (${where.join(', ')}) but not declared`),
        ...declared.filter((e) => !sent.has(e)).map((e) => `${name}: ${e} is declared but never sent to it`),
      ];
    });
    expect(problems).toEqual([]);
    // Only registered machines and the root actor (src/app/app.machine.ts, which routes its events on) are sent to.
    expect([...byMachine.keys()].filter((k) => k !== '(root)' && !(k in machines))).toEqual([]);
    // The scan tells receivers apart (a scan that found nothing, or put everything together, would pass vacuously):
    // the theme gallery's choice goes to the theme, the session's outcome reaches it from the root actor's wiring.
    expect(byMachine.get('theme')?.get('theme.select')).toEqual([expect.stringMatching(/^src\/routes\/themes\.tsx:/)]);
    expect([...(byMachine.get('theme')?.keys() ?? [])].sort()).toEqual([
      'session.signedIn',
      'session.signedOut',
      'theme.select',
    ]);
    expect(byMachine.get('toolRun')?.has('tool.generate')).toBe(true);
    expect(byMachine.get('session')?.has('tool.generate')).toBe(false);
  }, 120_000);

  for (const [name, machine] of Object.entries(machines)) {
    it(`${name}: every state handles or ignores on purpose each event sent to it`, () => {
      expect(unhandled(machine)).toEqual([]);
      expect(staleIgnores(machine)).toEqual([]);
    });
  }

  it('fails a machine that drops an event a view sends', () => {
    const sidebar = machines['sidebar']!;
    // An event the app does not send is not covered by any ignore: a state that cannot take it drops it.
    expect(unhandled(sidebar, [...sendsOf(sidebar), 'sidebar.noise'])).toContain(
      'sidebar: mobile.open drops sidebar.noise',
    );
    expect(
      staleIgnores(
        sidebar,
        sendsOf(sidebar).filter((e) => e !== 'sidebar.open'),
      ),
    ).toContain('sidebar: sidebar.open is ignored but never sent');
  });
});
