/**
 * The one way a short-lived flow gets its real effects:
 * `defineFlow(machine)((ctx) => ({ actors, actions, delays }))`. The context is the same for every
 * flow: the API (one way, loaded with the first call: the first paint carries no API client), the
 * session of the app's actor system, the router's navigation and the browser window. A screen starts
 * the flow with `useFlow(flow, { input })` (provider.tsx), which builds it in the app's system; tests
 * and the flows viewer build the same flow with parts of the context replaced, or define their own
 * flow over the same machine with fake effects.
 */
import type { AnyStateMachine } from 'xstate';
import type { Endpoints } from '../../api/endpoints';
import type { SessionActor } from '../session/session.effects';
import type { NavigateParams } from '../session/session.types';

/** A navigation a flow asks for: the session's kind, or one that replaces the address (no new history entry). */
export interface FlowNavigateParams extends NavigateParams {
  replace?: boolean;
  /** The address's search (My creations' filters): the page that sends it navigates with its own router. */
  search?: Record<string, string | number>;
}

/** The brand `defineFlow` sets: a test lists the flows' effects and checks each carries it. */
export const FLOW_BRAND: unique symbol = Symbol('atelier.flow');

/** What a flow's effects reach, the same for every flow. */
export interface FlowContext {
  /** The endpoints with the session's token; a 401 on a signed-in call expires the session. */
  api: () => Promise<Endpoints>;
  /** The session of the app's actor system. */
  session: () => SessionActor;
  /** Client-side navigation (the router), through the root actor's `app.navigate`. */
  navigate: (params: FlowNavigateParams) => void;
  /** The browser window: alerts, full-page redirects, reloads, window events, scrolling, its console. */
  window: () => Window & typeof globalThis;
  /**
   * The delays a test set for a machine (by its id) on this page, merged over the machine's own; `{}` when none
   * (the app reads them from its test hooks, src/app/test-hooks.ts).
   */
  delays: (machineId: string) => Record<string, number>;
}

/** The implementations `machine.provide` takes. */
export type FlowEffects<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

/** A flow: a machine and how it gets its effects in an app. `useFlow` and the route files take this shape. */
export interface Flow<TMachine extends AnyStateMachine> {
  readonly [FLOW_BRAND]: true;
  /** The machine's id (its registry entry and its test delays have the same). */
  readonly id: string;
  /** The machine with its effects in the context an app gives it (src/app/flow-context.ts: `flowContext(app)`). */
  readonly create: (context: FlowContext) => TMachine;
  /** The same flow with parts of its context replaced (tests: fake endpoints, a fake window). */
  readonly with: (replace: Partial<FlowContext>) => Flow<TMachine>;
}

/**
 * Defines a flow. The machine keeps its own delays, except where its context's `delays` gives shorter ones by
 * the machine's id (a path test's, src/app/test-hooks.ts).
 */
export function defineFlow<TMachine extends AnyStateMachine>(
  machine: TMachine,
): (effects: (ctx: FlowContext) => FlowEffects<TMachine>) => Flow<TMachine> {
  // Two calls, not one: TypeScript types the effects (their inputs, their params) from the machine only once
  // the machine's type is fixed.
  return (effects) => made(machine, effects, {});
}

function made<TMachine extends AnyStateMachine>(
  machine: TMachine,
  effects: (ctx: FlowContext) => FlowEffects<TMachine>,
  preset: Partial<FlowContext>,
): Flow<TMachine> {
  const id = machine.id;
  return {
    [FLOW_BRAND]: true,
    id,
    with: (replace) => made(machine, effects, { ...preset, ...replace }),
    create: (context) => {
      const ctx = { ...context, ...preset };
      const own = effects(ctx) as { delays?: Record<string, unknown> };
      const provided = { ...own, delays: { ...own.delays, ...ctx.delays(id) } } as FlowEffects<TMachine>;
      return machine.provide(provided) as TMachine;
    },
  };
}

/** Whether `value` was made by `defineFlow`. */
export function isFlow(value: unknown): value is Flow<AnyStateMachine> {
  return typeof value === 'object' && value !== null && (value as { [FLOW_BRAND]?: unknown })[FLOW_BRAND] === true;
}
