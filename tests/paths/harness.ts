/**
 * Path tests through the real app: the paths come from the machines (one per transition: the
 * shortest path to its source state, then the transition; tests/flows/harness.ts generates them),
 * and each path runs in Chromium against the built app. A view event becomes what a person does
 * (click, type, resize); an invoked actor's outcome becomes the answer of a test server (the
 * page's /api requests are held until the path says how the server answers); each state asserts
 * what the person sees there. Coverage counts only the paths that passed.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page, Request, Route } from 'playwright-core';
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
import { machines as registry } from '../../machines';
import { writeRequirementsReport } from '../flows/requirements-report';
import { junitXml } from './junit';
import { isDefaultRun } from './options';
import { checkFor, checkState, leafPaths } from './sights';

/** The latency a run against a deployment gives the page's connection (TestServer, pass-through). */
export const REAL_LATENCY_MS = 1_000;

/**
 * The page's API, answered by the test: every /api request waits until a step answers it. In a run
 * against a deployment (`passThrough`, PATHS_BASE_URL) nothing is intercepted: the real server answers,
 * and a step's answer waits for that answer and checks it is the kind the path needs (a success or a
 * refusal), saying what the server really answered.
 */
export class TestServer {
  private held: Route[] = [];
  private waiters: Array<() => void> = [];
  /** The real answers not yet claimed by a step (pass-through only), in the order they came. */
  private answered: Array<{ method: string; pathname: string; url: string; status: number }> = [];
  /** Answers given at once to requests no step is about (a visitor's theme read, say); a real server gives its own. */
  readonly standing = new Map<string, { status: number; body: unknown }>();
  readonly seen: string[] = [];

  /** The requests sent and not yet answered (pass-through only). */
  private inFlight: Request[] = [];

  constructor(readonly passThrough = false) {}

  async attach(page: Page): Promise<void> {
    if (this.passThrough) {
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!url.pathname.startsWith('/api/')) return;
        this.seen.push(`${request.method()} ${url.pathname}`);
        this.inFlight.push(request);
      });
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/api/')) return;
        this.inFlight = this.inFlight.filter((r) => r !== response.request());
        const method = response.request().method();
        this.answered.push({ method, pathname: url.pathname, url: response.url(), status: response.status() });
        for (const w of this.waiters.splice(0)) w();
      });
      page.on('requestfailed', (request) => (this.inFlight = this.inFlight.filter((r) => r !== request)));
      // A real server answers at once: the page's connection gets a slow network's latency, so that what
      // the page shows while it waits (a disabled button, a request in flight) stays long enough to be seen.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: REAL_LATENCY_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      return;
    }
    await page.route('**/api/**', (route) => {
      const url = new URL(route.request().url());
      this.seen.push(`${route.request().method()} ${url.pathname}`);
      const standing = this.standing.get(`${route.request().method()} ${url.pathname}`);
      if (standing) return void route.fulfill({ status: standing.status, json: standing.body });
      this.held.push(route);
      for (const w of this.waiters.splice(0)) w();
    });
    // A request the page gave up on (its flow left the state and aborted it) can no longer be answered.
    page.on('requestfailed', (request) => {
      this.held = this.held.filter((r) => r.request() !== request);
    });
  }

  /**
   * Whether the page has sent `method path` and waits for its answer; with a real server, also one it
   * has answered that no step has claimed yet (the page was waiting for it).
   */
  holds(method: string, pathname: string): boolean {
    if (this.passThrough)
      return (
        this.inFlight.some((r) => r.method() === method && new URL(r.url()).pathname === pathname) ||
        this.answered.some((a) => a.method === method && a.pathname === pathname)
      );
    return this.held.some((r) => r.request().method() === method && new URL(r.request().url()).pathname === pathname);
  }

  /** Answers the held request to `method path` (waiting for the page to send it). */
  async answer(method: string, pathname: string | RegExp, status: number, body: unknown): Promise<string> {
    if (this.passThrough) return this.realAnswer(method, pathname, status);
    const matches = (r: Route) =>
      r.request().method() === method &&
      (typeof pathname === 'string'
        ? new URL(r.request().url()).pathname === pathname
        : pathname.test(r.request().url()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const i = this.held.findIndex(matches);
      if (i >= 0) {
        const [route] = this.held.splice(i, 1);
        await route!.fulfill(
          body === undefined
            ? { status, body: '' }
            : { status, contentType: 'application/json', body: JSON.stringify(body) },
        );
        return `server answers ${method} ${String(pathname)} with ${status}`;
      }
      if (Date.now() > deadline)
        throw new Error(`The page never sent ${method} ${String(pathname)} (seen: ${this.seen.join(', ')})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** Pass-through: the real server's answer to `method path`, which must be a success when `status` is one, else a refusal. */
  private async realAnswer(method: string, pathname: string | RegExp, status: number): Promise<string> {
    const matches = (a: (typeof this.answered)[number]) =>
      a.method === method && (typeof pathname === 'string' ? a.pathname === pathname : pathname.test(a.url));
    const deadline = Date.now() + 15_000;
    for (;;) {
      const i = this.answered.findIndex(matches);
      if (i >= 0) {
        const [real] = this.answered.splice(i, 1);
        const wanted = status < 400 ? 'a success' : 'a refusal';
        if (status < 400 !== real!.status < 400)
          throw new Error(
            `The server answered ${method} ${real!.pathname} with ${real!.status}; the path needs ${wanted} (${status})`,
          );
        return `the server answers ${method} ${real!.pathname} with ${real!.status} (for real)`;
      }
      if (Date.now() > deadline)
        throw new Error(`The server never answered ${method} ${String(pathname)} (sent: ${this.seen.join(', ')})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
}

/** The fresh account a path of a remote run uses: registered and verified on the deployment for it. */
export interface RealAccount {
  /** The deployment's address (PATHS_BASE_URL), for what a path sets up through its API. */
  base: string;
  email: string;
  password: string;
  /** A sign-in token of the account (for a path that starts signed in). */
  token: string;
  /** Its balance once verified (FREE_CREDITS of the deployment). */
  credits: number;
  /** A new address for a path that registers (never registered yet). */
  newEmail: string;
  /** Registers `email` through the deployment's API, not verified: its verification link is in the outbox. */
  register: (email: string, password: string) => Promise<void>;
  /** The path of the newest link mailed to `to` whose subject contains `subject` (the deployment's outbox). */
  mailed: (to: string, subject: string) => Promise<string>;
}

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

/** A step a person or the server takes; resolves to a readable description of it. */
export type EventDriver = (ctx: PathContext, event: EventObject) => Promise<string>;
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
   * The checkers of the named kinds of sight the machine's states give (machines/shared/meta.ts):
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
   * real and every other is skipped.
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
  steps: string[];
  passed: boolean;
  error?: string;
  /** Why the path did not run (a remote run that cannot cause one of its server answers for real). */
  skipped?: string;
  /** How long the path took, in seconds. */
  seconds: number;
  planned: PlannedPath;
}

/**
 * Why a path cannot run against a deployment (its first step no real server can be made to cause),
 * or null when every step can be caused for real.
 */
export function realSkip(adapter: PathAdapter, planned: PlannedPath): string | null {
  // Without real causes, only what a person does on the page (no actor's outcome, no delay) runs for real.
  const cannot =
    adapter.real?.cannot ??
    ((event: EventObject) =>
      /^xstate\.(done\.actor|error\.actor|after)\./.test(event.type)
        ? `no real cause is given for the ${adapter.name} machine's actor outcomes and delays (PathAdapter.real)`
        : null);
  for (const [i, step] of planned.path.steps.entries()) {
    const source = i === 0 ? initialSnapshot(planned.model) : planned.path.steps[i - 1]!.state;
    const reason = cannot(step.event, source, i);
    if (reason) return `step ${i + 1} (${step.event.type}): ${reason}`;
  }
  return null;
}

/**
 * Runs one path on a fresh page; returns its readable steps (and the failure, if any). With `account`
 * the path walks a deployment for real (PATHS_BASE_URL): nothing is intercepted, and the adapter's real
 * causes replace its drivers.
 */
export async function runPath(
  adapter: PathAdapter,
  planned: PlannedPath,
  page: Page,
  account?: RealAccount,
): Promise<PathResult> {
  const server = new TestServer(account !== undefined);
  await server.attach(page);
  const steps: string[] = [];
  const base = { page, server, ...(account ? { account } : {}) };
  const began = performance.now();
  const seconds = () => Math.round(performance.now() - began) / 1000;
  try {
    steps.push(await adapter.start(base, planned.model, planned.path));
    const real = account ? (adapter.real?.causes ?? {}) : {};
    for (const [i, step] of planned.path.steps.entries()) {
      const next = planned.path.steps[i + 1]?.event;
      const ctx = { ...base, state: step.state, ...(next ? { next } : {}) };
      const drive =
        real[step.event.type] ??
        driverFor({ events: real }, step.event.type) ??
        adapter.events[step.event.type] ??
        driverFor(adapter, step.event.type) ??
        waitFor(planned, step.event.type);
      if (!drive) throw new Error(`No driver for event ${step.event.type}`);
      steps.push(await drive(ctx, step.event));
      if (!adapter.states) steps.push(...(await checkState(ctx, adapter.kinds ?? {})));
      else
        for (const leaf of leafPaths(step.state)) {
          const check = checkFor(adapter.states, leaf);
          if (!check) throw new Error(`No check for state ${leaf}`);
          steps.push(`${leaf}: ${await check(ctx)}`);
        }
    }
    return { machine: adapter.name, steps, passed: true, seconds: seconds(), planned };
  } catch (error) {
    return {
      machine: adapter.name,
      steps,
      passed: false,
      error: error instanceof Error ? error.message : String(error),
      seconds: seconds(),
      planned,
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

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** What one test file found for one machine, as coverage/paths/<file>.json keeps it. */
export interface MachineReport {
  coverage: Omit<MachineCoverage, 'model'>;
  unreachable: Record<string, string>;
  /**
   * What kind of run walked them, when not the planned cover (a random walk, a remote run): the count
   * of transitions it walked stands for the check that every one was.
   */
  note?: string;
  paths: Array<{ title: string; steps: string[]; passed: boolean; error?: string; skipped?: string; seconds?: number }>;
}

/** One test file's results (its machines), written when the file ends. */
export interface FileReport {
  file: string;
  at: string;
  machines: Record<string, MachineReport>;
}

/**
 * Writes this file's results to <dir>/paths/<file>.json, then <dir>/paths.json, an HTML report that
 * opens from disk and <dir>/junit.xml (junit.ts), from every file's results there: the path test files
 * run side by side, and whichever ends last writes the report of all of them. `dir` is the run's
 * (options.ts reportDir: coverage/ for the full default run, else coverage/runs/<name>/); only the
 * full default run also writes flows.json, which the flows viewer bundles, and the requirements
 * report (`shared`, isDefaultRun unless given).
 */
export function writeReport(report: FileReport, dir = 'coverage', shared = isDefaultRun()): void {
  mkdirSync(`${dir}/paths`, { recursive: true });
  writeFileSync(`${dir}/paths/${report.file}.json`, JSON.stringify(report, null, 2));
  const files = readdirSync(`${dir}/paths`)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(`${dir}/paths/${f}`, 'utf8')) as FileReport);
  const machines = Object.fromEntries(
    files.flatMap((f) => Object.entries(f.machines).map(([name, m]) => [name, { ...m, file: f.file, at: f.at }])),
  );
  const merged = JSON.stringify(
    Object.fromEntries(
      Object.entries(machines).map(([name, m]) => [name, { ...m.coverage, unreachable: m.unreachable }]),
    ),
    null,
    2,
  );
  writeFileSync(`${dir}/paths.json`, merged);
  writeFileSync(`${dir}/junit.xml`, junitXml(files));
  if (shared) {
    // The path tests own the coverage the flows viewer overlays (src/features/flows/coverage.ts): transitions
    // walked through the real app, not a machine replayed against its own transition function. A filtered,
    // random or remote run walks part of it, or walks it otherwise: it leaves the viewer's coverage alone.
    writeFileSync(`${dir}/flows.json`, merged);
    writeRequirementsReport(registry, dir); // which product rules those walked transitions serve
  }
  const sections = Object.entries(machines).map(([name, m]) => {
    const c = m.coverage;
    const items = m.paths
      .map(
        (r) =>
          `<li class="${r.skipped ? 'skip' : r.passed ? 'ok' : 'fail'}"><p class="title">${escape(r.title)}</p><ol>${r.steps
            .map((s) => `<li>${escape(s)}</li>`)
            .join(
              '',
            )}</ol>${r.error ? `<p class="err">${escape(r.error)}</p>` : ''}${r.skipped ? `<p class="skipped">skipped: ${escape(r.skipped)}</p>` : ''}</li>`,
      )
      .join('');
    const missing = c.missing.length
      ? `<details><summary>${c.missing.length} transition(s) not walked</summary><ul>${c.missing
          .map((k) => `<li>${escape(k)}${m.unreachable[k] ? ` — <em>${escape(m.unreachable[k])}</em>` : ''}</li>`)
          .join('')}</ul></details>`
      : '';
    return `<section><h2>${escape(name)}</h2><p>${c.states} states; transitions walked through the UI: ${c.walked}/${c.transitions} (${c.percent}%); paths: ${m.paths.filter((r) => r.passed).length}/${m.paths.length} passed <small>(tests/paths/${escape(m.file)}.paths.test.ts, ${escape(m.at)})</small></p>${m.note ? `<p class="note">${escape(m.note)}</p>` : ''}${missing}<ol class="paths">${items}</ol></section>`;
  });
  writeFileSync(
    `${dir}/paths.html`,
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Atelier path tests</title><style>body{font:14px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem}.paths>li{margin:.5rem 0;padding:.5rem;border-left:4px solid #2a7}.paths>li.fail{border-color:#c33}.paths>li.skip{border-color:#999}.skipped{color:#666}.err{color:#c33}.title{font-family:monospace;margin:0}</style><h1>Path tests through the real app</h1>${sections.join('')}</html>`,
  );
}

/** A path as one line: its event types. */
export const pathTitle = (p: PlannedPath) =>
  [
    p.model.input === undefined ? '' : `input ${JSON.stringify(p.model.input)}: `,
    p.path.steps.map((s) => eventTitle(s.event)).join(' → '),
  ].join('');

function eventTitle(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const short = type.replace(/^xstate\./, '');
  const fields = Object.entries(rest).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
  return fields.length ? `${short}(${fields.map(([k, v]) => `${k}=${String(v)}`).join(', ')})` : short;
}

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

/** The key src/app/test-delays.ts reads (the end-to-end build only). */
const TEST_DELAYS_KEY = 'atelier:test-delays';

/**
 * Sets the page's named delays of `machine` before it loads (src/app/test-delays.ts): each delay the
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
  await page.addInitScript(
    ([key, json]) => {
      const all = JSON.parse(localStorage.getItem(key!) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key!, JSON.stringify({ ...all, ...(JSON.parse(json!) as Record<string, unknown>) }));
    },
    [TEST_DELAYS_KEY, JSON.stringify(value)],
  );
}

/**
 * The browser refuses the page its storage, as it does with site data blocked: reading `localStorage`
 * throws a SecurityError. Set after the path's own init scripts (which store delays and sign-ins first).
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
  await page.addInitScript(
    ([key, json]) => {
      const all = JSON.parse(localStorage.getItem(key!) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key!, JSON.stringify({ ...all, ...(JSON.parse(json!) as Record<string, unknown>) }));
    },
    [TEST_DELAYS_KEY, JSON.stringify(delays)],
  );
}
