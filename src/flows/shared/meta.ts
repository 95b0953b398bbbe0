/**
 * What is true of a flow's states besides their logic, written in the machine file itself so a
 * rename travels with it:
 * - at the machine's root, `sends`: every event the app's views (src/features, src/routes) and their
 *   glue (src/app) send the machine's actors (tests/flows/view-events.test.ts reads the code to check
 *   the list is complete);
 * - on a state, `ignores`: events of `sends` it drops on purpose, with the reason a reviewer can check
 *   (an ignore on a parent covers its descendants). In every state each sent event is handled or ignored;
 * - on a state, `sees`: what the person sees in it, which the path tests check and the flows viewer shows;
 * - on a state (or the root), `rules`: the IDs of the product rules it serves (docs/requirements.md); a
 *   transition may name the rules it serves the same way (`meta: facts({ rules })` on the transition).
 *
 * Each is wrapped in `facts(...)`, which marks it as a fact the flows viewer, the path tests and the
 * model tests read. The build ships them as written: the viewer shares the app's machine modules
 * (the facts of the first-load machines weigh about 1.8 kB gzip on `/`, measured 2026-12-06).
 */

/**
 * What the person sees: a literal text of the product and where it shows, or a named kind whose
 * content the path test supplies (the message it made the server answer) — never a function of the
 * machine's own context.
 */
export type Sight =
  /** An element with this ARIA role and accessible name ('heading', 'Email Verified Successfully!'), greyed out or not. */
  | { readonly role: string; readonly name: string; readonly state?: 'enabled' | 'disabled' }
  /** This text, anywhere on the page. */
  | { readonly text: string }
  /** The address bar shows this path. */
  | { readonly address: string }
  /** The page waits for the server's answer to this request ('GET /api/auth/user'). */
  | { readonly request: string }
  /** A named kind the path adapter checks (per kind, not per state), said in words for the viewer. */
  | { readonly kind: string; readonly says: string };

/** A sight in words, for the flows viewer and the path reports. */
export function sightText(sight: Sight): string {
  if ('kind' in sight) return sight.says;
  if ('role' in sight) return `${sight.role} '${sight.name}'${sight.state ? ` (${sight.state})` : ''}`;
  if ('address' in sight) return `the address is ${sight.address}`;
  if ('request' in sight) return `the page waits for ${sight.request}`;
  return `'${sight.text}'`;
}

export interface Ignore {
  readonly events: readonly string[];
  /** Why dropping them there is right. */
  readonly why: string;
}

export interface StateFacts {
  readonly sees?: readonly Sight[];
  readonly ignores?: readonly Ignore[];
  /** IDs of the product rules this state serves, e.g. 'AUTH-7' (docs/requirements.md). */
  readonly rules?: readonly string[];
}

export interface MachineFacts extends StateFacts {
  readonly sends: readonly string[];
  /**
   * What each named guard checks, in words (`hasPrompt: 'a prompt is typed'`): the flows viewer says which
   * guard keeps an event from being taken and why. A guard not listed shows by its name.
   */
  readonly guards?: Readonly<Record<string, string>>;
}

/** The marker of view-only meta (see above): returns its argument unchanged. */
export function facts<const T extends StateFacts | MachineFacts>(value: T): T {
  return value;
}

/** The part of an xstate state node these accessors read. */
export interface FactsNode {
  readonly meta?: unknown;
  readonly parent?: FactsNode | undefined;
  readonly states?: Readonly<Record<string, FactsNode>>;
}

const factsOf = (node: FactsNode | undefined): Partial<MachineFacts> => (node?.meta ?? {}) as Partial<MachineFacts>;

/** The events the app sends a machine (its root's `sends`). */
export const sendsOf = (machine: { readonly root: FactsNode }): readonly string[] => factsOf(machine.root).sends ?? [];

/** What each named guard of a machine checks, in words (its root's `guards`). */
export const guardsOf = (machine: { readonly root: FactsNode }): Readonly<Record<string, string>> =>
  factsOf(machine.root).guards ?? {};

/** What the person sees in a state (its own sights; a parent's are its own too). */
export const sightsOf = (node: FactsNode): readonly Sight[] => factsOf(node).sees ?? [];

/** The product rules a state (or, given the root, the machine) serves: its own IDs. */
export const rulesOf = (node: FactsNode): readonly string[] => factsOf(node).rules ?? [];

/** The ignores that apply to a state node: its own and its ancestors'. */
export function ignoresAt(node: FactsNode): Ignore[] {
  const out: Ignore[] = [];
  for (let n: FactsNode | undefined = node; n; n = n.parent) out.push(...(factsOf(n).ignores ?? []));
  return out;
}

/** The state nodes a state value makes active, from the root down. */
export function activeNodes(root: FactsNode, value: unknown): FactsNode[] {
  const out: FactsNode[] = [root];
  const walk = (node: FactsNode, v: unknown) => {
    const entries =
      typeof v === 'string' ? [[v, undefined] as const] : typeof v === 'object' && v !== null ? Object.entries(v) : [];
    for (const [key, sub] of entries) {
      const child = node.states?.[key];
      if (!child) continue;
      out.push(child);
      walk(child, sub);
    }
  };
  walk(root, value);
  return out;
}

/** Whether a machine in state `value` ignores `event` on purpose (an active node, or an ancestor, says so). */
export const ignoredAt = (root: FactsNode, value: unknown, event: string): boolean =>
  activeNodes(root, value).some((n) => (factsOf(n).ignores ?? []).some((i) => i.events.includes(event)));
