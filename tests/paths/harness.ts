/**
 * Path tests through the real app: the paths come from the machines (one per transition: the
 * shortest path to its source state, then the transition; tests/flows/harness.ts generates them),
 * and each path runs in Chromium against the built app. A view event becomes what a person does
 * (click, type, resize); an invoked actor's outcome becomes the answer of a test server (the
 * page's /api requests are held until the path says how the server answers); each state asserts
 * what the person sees there. Coverage counts only the paths that passed.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  coverageOfPaths,
  edgeKeys,
  edgesTaken,
  flowPaths,
  initialSnapshot,
  pureSteps,
  simpleFlowPaths,
  type FlowModel,
  type FlowPath,
  type MachineCoverage,
} from '../flows/harness';
import { causeOf, type Cause } from './causes';
import { failureOf, type Failure } from './failure';
import type { RealAccount } from './real';
import { TestServer, type Answered } from './test-server';
import { checkFor, checkState, leafPaths } from './sights';
import { bodyText, type Step } from './steps';

export { TestServer, REAL_LATENCY_MS, type Answered } from './test-server';
export { realSkip, type RealAccount } from './real';

/** The poll of a path's first page: loading the app is the slowest step when the files run side by side. */
export const firstRender = { timeout: 30_000 } as const;

export interface PathContext {
  page: Page;
  server: TestServer;
  /** The state the step leads to (for assertions that read context). */
  state: AnyMachineSnapshot;
  /** The event of the path's next step (a real cause may depend on what follows: a wrong password before a refusal). */
  next?: EventObject;
  /** In a run against a deployment: the path's fresh account (its checks read the real balance, say). */
  account?: RealAccount;
}

/** A step a person or the server takes; resolves to a readable description of it (or the answer it gave). */
export type EventDriver = (ctx: PathContext, event: EventObject) => Promise<string | Answered>;
/** What the person sees in a state; resolves to a readable description of the check. */
export type StateCheck = (ctx: PathContext) => Promise<string>;

export interface PathAdapter {
  /** The registry name of the machine. */
  name: string;
  /** Its flow models (inputs, event samples, actor outcomes); paths come from each. */
  models: FlowModel[];
  /**
   * Opens the page where the machine runs, as the model's input says (the path is given too: a page
   * may depend on its first event, and only the delays it walks need to be short).
   */
  start: (ctx: Omit<PathContext, 'state'>, model: FlowModel, path: FlowPath) => Promise<string>;
  /** Every event type of the machine, as a user action or a server answer. */
  events: Record<string, EventDriver>;
  /**
   * For each event type whose driver answers the server (keyed like `events`; `start` for the page's
   * opening): how a tester causes that answer on a real server, or why it cannot be (tests/paths/causes.ts).
   */
  causes?: Record<string, Cause>;
  /**
   * The checkers of the named kinds of sight the machine's states give (src/flows/shared/meta.ts):
   * each state's `meta.sees` says what is checked there, literal sights by the harness (tests/paths/sights.ts).
   */
  kinds?: Record<string, StateCheck>;
  /** Checks per state path, for an adapter whose machine does not yet say what its states show (a leaf takes its nearest ancestor's). */
  states?: Record<string, StateCheck>;
  /**
   * Transitions (coverage keys) the page cannot cause, each with the reason: the suite checks that
   * exactly these are not walked, so a new one fails until it is walked or explained here.
   */
  unreachable?: Record<string, string>;
  /**
   * Event samples no person can send from the page (the reason), so no path is planned with them;
   * `source` is the state the event would be sent in.
   */
  cannotSend?: (event: EventObject, source: AnyMachineSnapshot) => string | null;
  /**
   * Event sequences the page can walk, planned beside the shortest paths: for a state whose
   * shortest path starts with something the page cannot do (cannotSend), the way a person gets there.
   * A route may use a model of its own (a page no model of `models` opens, or the page's real limits
   * where the model shrinks them): no paths are generated from it, but what it walks counts.
   */
  routes?: Array<{ model: FlowModel; events: Array<EventObject & Record<string, unknown>> }>;
  /**
   * How the machine's server answers are caused on a real server (a run against a deployment,
   * PATHS_BASE_URL, where no request is intercepted), or why one cannot be. `causes` replace the
   * drivers of `events` there (by event type, or a prefix ending in `*`): typing a wrong password,
   * a prompt with the offline provider's `[fail]`, `[busy]` or `[slow]` marker, the outbox's link.
   * A driver of `events` that answers through the test server works as it is: it waits for the real
   * answer and checks it is the kind the path needs. `cannot` says why an event sample (sent from
   * `source`, the `index`th step) cannot be caused for real: the path is skipped with that reason.
   * Without `real`, a path of what a person does on the page only (no actor outcome, no delay) runs for
   * real and every other is skipped (remote.ts realSkip).
   */
  real?: {
    causes?: Record<string, EventDriver>;
    cannot: (event: EventObject, source: AnyMachineSnapshot, index: number) => string | null;
  };
}

export interface PlannedPath {
  model: FlowModel;
  path: FlowPath;
}

/** The edges (by index in the machine's graph) one path walks. */
function edgesWalked(planned: PlannedPath): Set<number> {
  const taken = edgesTaken(planned.model.machine, planned.model, [planned.path]);
  const before = edgesTaken(planned.model.machine, planned.model, []);
  return new Set(taken.flatMap((t, i) => (t && !before[i] ? [i] : [])));
}

/**
 * Few paths that together walk every transition the machine's paths walk: from one path per
 * transition, a greedy cover keeps the path that walks most transitions not yet walked, and so on.
 */
export function plannedPaths(adapter: PathAdapter): PlannedPath[] {
  const routes = (adapter.routes ?? []).map(({ model, events }) => ({
    model,
    path: { source: 'route', steps: pureSteps(model, events) },
  }));
  // The routes are the adapter's own: cannotSend sorts out only the generated paths.
  const all = adapter.models
    .flatMap((model) => flowPaths(model, adapter.name).map((path) => ({ model, path })))
    .filter(
      (p) =>
        !p.path.steps.some((s, i) =>
          adapter.cannotSend?.(s.event, i === 0 ? initialSnapshot(p.model) : p.path.steps[i - 1]!.state),
        ),
    )
    .concat(routes);
  const walks = all.map(edgesWalked);
  const chosen: PlannedPath[] = [];
  const done = new Set<number>();
  for (;;) {
    let best = -1;
    let gain = 0;
    walks.forEach((w, i) => {
      const g = [...w].filter((k) => !done.has(k)).length;
      if (g > gain) [best, gain] = [i, g];
    });
    if (best < 0) return chosen;
    chosen.push(all[best]!);
    for (const k of walks[best]!) done.add(k);
  }
}

/** Simple paths per model beyond which `npm run test:paths:all` keeps a machine to its shortest paths. */
export const SIMPLE_PATH_LIMIT = 1000;

/** A path's identity: its model and its events, payloads and errors' messages included. */
const pathKey = (models: FlowModel[], p: PlannedPath, length = p.path.steps.length) =>
  `${models.indexOf(p.model)}:${JSON.stringify(
    p.path.steps.slice(0, length).map((s) => s.event),
    (_k, v: unknown) => (v instanceof Error ? { ...v, message: v.message } : v),
  )}`;

export interface AllPaths {
  paths: PlannedPath[];
  /** Per model of the adapter: how many simple paths it has (counting stops past the limit), and how many run. */
  models: Array<{ simple: number; complete: boolean; run: number }>;
}

/**
 * `npm run test:paths:all`: the planned paths (plannedPaths), then every simple path of each model
 * (simpleFlowPaths, no state twice) where there are at most `limit` of them. A simple path is cut
 * before the first event the page cannot send (cannotSend); one that is the start of another path
 * runs as part of it, since every state on the way is checked.
 */
export function allPaths(adapter: PathAdapter, limit = SIMPLE_PATH_LIMIT): AllPaths {
  const planned = plannedPaths(adapter);
  const models = [...new Set([...adapter.models, ...planned.map((p) => p.model)])];
  const stats: AllPaths['models'] = [];
  const simple: PlannedPath[] = [];
  for (const model of adapter.models) {
    const { paths, complete } = simpleFlowPaths(model, adapter.name, limit);
    if (complete) {
      for (const path of paths) {
        const stop = path.steps.findIndex((s, i) =>
          adapter.cannotSend?.(s.event, i === 0 ? initialSnapshot(model) : path.steps[i - 1]!.state),
        );
        const steps = stop < 0 ? path.steps : path.steps.slice(0, stop);
        if (steps.length > 0) simple.push({ model, path: { source: 'simple', steps } });
      }
    }
    stats.push({ simple: paths.length, complete, run: 0 });
  }
  // Distinct paths, and none that another one starts with.
  const starts = new Set<string>();
  for (const p of [...planned, ...simple])
    for (let n = 1; n < p.path.steps.length; n++) starts.add(pathKey(models, p, n));
  const seen = new Set(planned.map((p) => pathKey(models, p)));
  const extra = simple.filter((p) => {
    const key = pathKey(models, p);
    if (seen.has(key) || starts.has(key)) return false;
    seen.add(key);
    return true;
  });
  adapter.models.forEach((model, i) => (stats[i]!.run = extra.filter((p) => p.model === model).length));
  return { paths: [...planned, ...extra], models: stats };
}

export interface PathResult {
  machine: string;
  steps: Step[];
  /** Per event of the planned path, the index in `steps` of its first step (the page's opening is step 0). */
  starts: number[];
  passed: boolean;
  error?: string;
  /** What failed, as the report's top shows it: the check, expected and received (failure.ts). */
  failure?: Failure;
  /** Why the path did not run (a remote run that cannot cause one of its server answers for real). */
  skipped?: string;
  planned: PlannedPath;
  /** How long the path took, the page's opening included. */
  durationMs: number;
}

/** Where runPath saves screenshots: `<dir>/screenshots/<name>.png` at a failed step, and `<name>-<n>.png` at each step with `every`. */
export interface ScreenshotOptions {
  dir: string;
  name: string;
  every: boolean;
}

/**
 * Runs one path on a fresh page; returns its steps (what was done, answered and seen, each with its
 * duration) and the failure, if any: then the last step says what failed, with a screenshot of the
 * page as it was when `shots` is given. With `account` the path walks a deployment for real
 * (PATHS_BASE_URL): nothing is intercepted, the adapter's real causes replace its drivers, and each
 * answer's cause is what the path did for real.
 */
export async function runPath(
  adapter: PathAdapter,
  planned: PlannedPath,
  page: Page,
  shots?: ScreenshotOptions,
  account?: RealAccount,
): Promise<PathResult> {
  const server = new TestServer(account !== undefined);
  await server.attach(page);
  const steps: Step[] = [];
  const starts: number[] = [];
  const base = { page, server, ...(account ? { account } : {}) };
  /** What the path last did itself (a real answer's cause). */
  let lastDone = 'opening the page';
  const began = Date.now();
  let doing = 'opening the page';
  const shoot = async (suffix: string): Promise<string | undefined> => {
    if (!shots) return undefined;
    const file = `screenshots/${shots.name}${suffix}.png`;
    try {
      mkdirSync(`${shots.dir}/screenshots`, { recursive: true });
      await page.screenshot({ path: `${shots.dir}/${file}`, fullPage: true, timeout: 10_000 });
      return file;
    } catch {
      return undefined; // A page that is gone cannot be shot; the step still says what failed.
    }
  };
  /** Adds what one call did: its text and the answers the server gave meanwhile, each with its cause. */
  const record = async (
    kind: Step['kind'],
    event: EventObject | null,
    call: () => Promise<string | Answered | string[]>,
  ) => {
    const before = server.answered.length;
    const t0 = Date.now();
    const said = await call();
    const durationMs = Date.now() - t0;
    const answers = server.answered.slice(before);
    const texts = Array.isArray(said) ? said : [String(said)];
    const added: Step[] = [];
    const own = texts.filter((t) => !answers.some((a) => t.startsWith(a.text)));
    if (own.length && kind === 'action') lastDone = own.join('; ');
    const answerSteps = answers.map((a): Step => {
      const cause = a.real
        ? `walked for real on ${account?.base ?? 'the deployment'}: the server answered what the path did (${lastDone})`
        : causeOf(adapter.causes, event ?? { type: 'start' }, a);
      if (cause === undefined)
        throw new Error(
          `No cause for ${a.text} (${event?.type ?? 'start'}): say in the adapter's causes how a real server gives it, or why it cannot`,
        );
      return {
        kind: 'answer',
        text: a.text,
        answer: { method: a.method, path: a.path, status: a.status, body: bodyText(a.body), cause },
      };
    });
    // A driver that only answers returns the answer (or a sentence that starts with it): one step each,
    // or one for the same answer given to each attempt of a retried call (its sentence says so).
    const [first] = answerSteps;
    if (first && texts.length === 1 && texts[0]!.startsWith(first.text)) {
      first.text = texts[0]!;
      const same = answerSteps.every((a) => JSON.stringify(a.answer) === JSON.stringify(first.answer));
      added.push(...(same && texts[0] !== answers[0]!.text ? [first] : answerSteps));
    } else {
      added.push(...texts.map((text): Step => ({ kind, text })), ...answerSteps);
    }
    const last = added[added.length - 1];
    if (!last) return;
    last.durationMs = durationMs;
    const screenshot = shots?.every ? await shoot(`-${steps.length + added.length}`) : undefined;
    if (screenshot) last.screenshot = screenshot;
    steps.push(...added);
  };
  try {
    await record('action', null, () => adapter.start(base, planned.model, planned.path));
    const real = account ? (adapter.real?.causes ?? {}) : {};
    for (const [i, step] of planned.path.steps.entries()) {
      starts.push(steps.length);
      const next = planned.path.steps[i + 1]?.event;
      const ctx = { ...base, state: step.state, ...(next ? { next } : {}) };
      const drive =
        real[step.event.type] ??
        driverFor({ events: real }, step.event.type) ??
        adapter.events[step.event.type] ??
        driverFor(adapter, step.event.type) ??
        waitFor(planned, step.event.type);
      if (!drive) throw new Error(`No driver for event ${step.event.type}`);
      doing = `driving ${step.event.type}`;
      const kind = step.event.type.startsWith('xstate.after.') ? 'wait' : 'action';
      await record(kind, step.event, () => drive(ctx, step.event));
      if (!adapter.states) {
        doing = 'checking what the page shows';
        await record('check', step.event, () => checkState(ctx, adapter.kinds ?? {}));
      } else
        for (const leaf of leafPaths(step.state)) {
          const check = checkFor(adapter.states, leaf);
          if (!check) throw new Error(`No check for state ${leaf}`);
          doing = `checking ${leaf}`;
          await record('check', step.event, async () => `${leaf}: ${await check(ctx)}`);
        }
    }
    return { machine: adapter.name, steps, starts, passed: true, planned, durationMs: Date.now() - began };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const screenshot = await shoot('');
    const failure = failureOf(doing, error);
    steps.push({
      kind: 'check',
      text: `failed while ${doing}${failure.check ? `: ${failure.check}` : ''}`,
      ...(screenshot ? { screenshot } : {}),
    });
    return {
      machine: adapter.name,
      steps,
      starts,
      passed: false,
      error: message,
      failure,
      planned,
      durationMs: Date.now() - began,
    };
  }
}

/** A delayed transition: wait as long as the machine says (the test build's named delays). */
function waitFor(planned: PlannedPath, type: string): EventDriver | undefined {
  if (!type.startsWith('xstate.after.')) return undefined;
  const name = type.split('.')[2]!;
  const delay = (planned.model.machine.implementations.delays as Record<string, unknown>)[name];
  const ms = typeof delay === 'number' ? delay : Number(name);
  if (!Number.isFinite(ms)) return undefined;
  return async ({ page }) => {
    await page.waitForTimeout(ms);
    return `wait ${ms} ms (${name})`;
  };
}

/** Delayed and actor events are named by the machine (xstate.after.…, xstate.done.actor.<id>): matched by prefix. */
function driverFor(adapter: Pick<PathAdapter, 'events'>, type: string): EventDriver | undefined {
  const prefix = Object.keys(adapter.events)
    .filter((k) => k.endsWith('*') && type.startsWith(k.slice(0, -1)))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? adapter.events[prefix] : undefined;
}

/**
 * Coverage per machine from the paths that passed; several models of one machine add up, edge by edge
 * (guarded transitions between the same states share a coverage key, so keys alone cannot be merged).
 */
export function pathCoverage(adapter: PathAdapter, results: PathResult[]): MachineCoverage {
  const passed = results.filter((r) => r.passed);
  const models = [...new Set([...adapter.models, ...(adapter.routes ?? []).map((r) => r.model)])];
  const machine = adapter.models[0]!.machine;
  const keys = edgeKeys(machine);
  const taken = keys.map(() => false);
  for (const model of models) {
    const paths = passed.filter((r) => r.planned.model === model).map((r) => r.planned.path);
    edgesTaken(model.machine, model, paths).forEach((t, i) => {
      if (t) taken[i] = true;
    });
  }
  const first = coverageOfPaths(machine, adapter.models[0]!, []);
  const missing = keys.filter((_, i) => !taken[i]);
  const walked = first.transitions - missing.length;
  return {
    ...first,
    walked,
    missing,
    percent: first.transitions === 0 ? 100 : Math.round((walked / first.transitions) * 1000) / 10,
  };
}

/** The driver of a call's done and error events: the test server answers `method pathname` with the event's outcome. */
export const answersCall =
  (method: string, pathname: string | RegExp): EventDriver =>
  ({ server }, event) => {
    const { status, body } = answerOf(event);
    return server.answer(method, pathname, status, body);
  };

/**
 * The server's answer for an invoked actor's outcome in a path: `xstate.done.actor.*` → 200 with the
 * output; `xstate.error.actor.*` → the error's status (400 by default) with its message and flags,
 * or a 500 with no body for an error that carries no message.
 */
export function answerOf(event: EventObject): { status: number; body: unknown } {
  const e = event as EventObject & { output?: unknown; error?: unknown };
  if (event.type.startsWith('xstate.done.actor.')) return { status: 200, body: e.output ?? {} };
  const error = (e.error ?? {}) as { message?: unknown; status?: unknown; expired?: unknown; details?: unknown };
  if (typeof error.message !== 'string' || error.message === '') return { status: 500, body: undefined };
  return {
    status: typeof error.status === 'number' ? error.status : 400,
    body: {
      message: error.message,
      ...(error.expired === true ? { expired: true } : {}),
      ...(error.details !== undefined ? { details: error.details } : {}),
    },
  };
}

/**
 * Gives the page named delays by machine before it starts (`window.__atelierTest.delays`, src/app/test-hooks.ts),
 * over those earlier init scripts gave it: a later machine's delays replace an earlier one's.
 */
async function addDelays(page: Page, delays: Record<string, Record<string, number>>): Promise<void> {
  await page.addInitScript((given) => {
    const hooks = window.__atelierTest ?? {};
    window.__atelierTest = { ...hooks, delays: { ...hooks.delays, ...given } };
  }, delays);
}

/**
 * Sets the page's named delays of `machine` before it loads (src/app/test-hooks.ts): each delay the
 * path walks (an `xstate.after.<name>.…` step) fires after `short` ms (300 unless given, per name),
 * so the path waits little real time; the others are stretched to ten minutes, so they never fire in the middle of a path.
 */
export async function pathDelays(
  page: Page,
  delays: Record<string, string[]>,
  path: FlowPath,
  short: number | Record<string, number> = 300,
): Promise<void> {
  const shortOf = (name: string) => (typeof short === 'number' ? short : (short[name] ?? 300));
  const walked = new Set(
    path.steps.flatMap((s) => (s.event.type.startsWith('xstate.after.') ? [s.event.type.split('.')[2]!] : [])),
  );
  const value = Object.fromEntries(
    Object.entries(delays).map(([machine, names]) => [
      machine,
      Object.fromEntries(names.map((n) => [n, walked.has(n) ? shortOf(n) : 600_000])),
    ]),
  );
  await addDelays(page, value);
}

/**
 * The browser refuses the page its storage, as it does with site data blocked: reading `localStorage`
 * throws a SecurityError. Set after the path's own init scripts (which store sign-ins first).
 */
export async function blockStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
}

/** A delayed step: the machine fires it by itself after its (shortened) delay; the state's check waits for it. */
export const delayPasses: EventDriver = async (_ctx, event) =>
  `wait for the ${event.type.split('.')[2]} delay (shortened for the test)`;

/**
 * Sets named delays of machines the path does not walk itself but that run beside it on the page
 * (a child's retry pause under its parent's path, say), merged like pathDelays before the page loads.
 */
export async function fixedDelays(page: Page, delays: Record<string, Record<string, number>>): Promise<void> {
  await addDelays(page, delays);
}
