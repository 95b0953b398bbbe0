/**
 * The report of the path tests (coverage/paths.html, and the same under the run's own directory for a
 * filtered, random or remote run: tests/paths/options.ts reportDir): each test file keeps its machines'
 * results in <dir>/paths/<file>.json, and whichever file ends last writes the report of all of them.
 * The HTML opens from disk (inline style and script, no other file but the screenshots beside it):
 * a summary at the top (machines, paths, passed, failed, transitions walked), an index of the machines,
 * a search box and filters by machine and status; per machine its coverage and its chart (the flows
 * viewer's SVG) on which the selected path's states and transitions are highlighted; per path its
 * duration, a link to the flows viewer with the path highlighted (/flows/<machine>?path=…), and its
 * scenarios as steps: each server answer with its status, body and how to cause it on a real server,
 * runs of the same step folded, a screenshot at a failed step (or at each step on request); a path
 * a remote run could not walk is listed as skipped with the reason. Beside it, junit.xml (junit.ts) for
 * every run; flows.json, which the flows viewer bundles, and the requirements report only for the full
 * default run (options.ts isDefaultRun).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { machines as registry } from '../../src/flows';
import { machineName } from '../../src/flows/groups';
import { toFlowGraph } from '../../tools/flows/graph';
import { layoutFlow } from '../../tools/flows/layout';
import { flowToSvg } from '../../tools/flows/svg';
import type { MachineCoverage } from '../flows/harness';
import { writeRequirementsReport } from '../../tools/flows/requirements/report';
import type { PathResult } from './harness';
import { junitXml } from './junit';
import { isDefaultRun } from './options';
import type { PathPlan } from './scenarios';
import { foldSteps, type Step } from './steps';

/** One scenario of a path as the report keeps it (tests/paths/scenarios.ts names it). */
export interface ScenarioReport {
  title: string;
  steps: Step[];
}

/** One path as the report keeps it. */
export interface PathReport {
  title: string;
  /** The path's title as a file name (its screenshots are named after it). */
  slug: string;
  passed: boolean;
  error?: string;
  /** Why the path did not run (a remote run that cannot cause one of its server answers for real). */
  skipped?: string;
  durationMs: number;
  scenarios: ScenarioReport[];
  /** What the chart highlights for the path: coverage keys of its transitions and its state ids. */
  keys: string[];
  states: string[];
  /** The flows viewer's ids of its transitions (`/flows/<machine>?path=`). */
  transitions: string[];
}

/** What one test file found for one machine, as <dir>/paths/<file>.json keeps it. */
export interface MachineReport {
  coverage: Omit<MachineCoverage, 'model'>;
  unreachable: Record<string, string>;
  paths: PathReport[];
  /**
   * What kind of run walked them, when not a full cover (a random walk, a remote run): the count of
   * transitions it walked stands for the check that every one was.
   */
  note?: string;
  /** The machine's chart as the flows viewer draws it (SVG), edges marked with their coverage keys. */
  chart?: string;
}

/** One test file's results (its machines), written when the file ends. */
export interface FileReport {
  file: string;
  at: string;
  machines: Record<string, MachineReport>;
}

export interface ReportOptions {
  /** The app whose /flows page the report links to (tests/paths/options.ts appUrl). */
  appUrl?: string;
  /** Whether to write flows.json and the requirements report too (the full default run's; isDefaultRun unless given). */
  shared?: boolean;
}

/** A machine's chart as the flows viewer lays it out (its elk layout, the SVG of `npm run flows:export`). */
export async function chartOf(machine: AnyStateMachine): Promise<string> {
  const graph = toFlowGraph(machine);
  return flowToSvg(graph, await layoutFlow(graph));
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A path's result as the report keeps it: its steps cut into the plan's scenarios (a scenario holds
 * the steps of its events, the page's opening goes with the first; a failed path's last scenario
 * ends at the failure, the ones it never reached are left out), each scenario's runs folded.
 */
export function pathReport(result: PathResult, plan: PathPlan): PathReport {
  const startOf = (event: number) => result.starts[event] ?? result.steps.length;
  const scenarios: ScenarioReport[] = [];
  let from = 0;
  plan.scenarios.forEach((s, i) => {
    const to = i === plan.scenarios.length - 1 ? result.steps.length : startOf(s.end + 1);
    const steps = result.steps.slice(from, to);
    if (steps.length) scenarios.push({ title: s.title, steps: foldSteps(steps) });
    from = Math.max(from, to);
  });
  return {
    title: plan.title,
    slug: plan.slug,
    passed: result.passed,
    ...(result.error ? { error: result.error } : {}),
    ...(result.skipped ? { skipped: result.skipped } : {}),
    durationMs: result.durationMs,
    scenarios,
    keys: plan.keys,
    states: plan.states,
    transitions: plan.transitions,
  };
}

/** The link that opens a path on the flows viewer, its transitions highlighted. */
export const flowsLink = (appUrl: string, machine: string, transitions: readonly string[]) =>
  `${appUrl}/flows/${encodeURIComponent(machine)}?path=${encodeURIComponent(transitions.join(','))}`;

function stepHtml(step: Step): string {
  const answer = step.answer
    ? `<div class="answer"><span class="status">${step.answer.status}</span> <code class="request">${escape(
        `${step.answer.method} ${step.answer.path}`,
      )}</code>${step.answer.body ? `<pre class="body">${escape(step.answer.body)}</pre>` : '<p class="body empty">(no body)</p>'}<p class="cause">How to cause it on a real server: ${escape(step.answer.cause)}</p></div>`
    : '';
  const shot = step.screenshot
    ? `<a class="shot" href="${escape(step.screenshot)}"><img src="${escape(step.screenshot)}" alt="The page at this step" loading="lazy"></a>`
    : '';
  const took = step.durationMs === undefined ? '' : ` <span class="took">${seconds(step.durationMs)}</span>`;
  return `<li class="step ${step.kind}" data-kind="${step.kind}"><span class="text">${escape(step.text)}</span>${took}${answer}${shot}</li>`;
}

function pathHtml(machine: string, p: PathReport, appUrl: string): string {
  const scenarios = p.scenarios
    .map(
      (s) =>
        `<li class="scenario"><h4>${escape(s.title)}</h4><ol class="steps">${s.steps.map(stepHtml).join('')}</ol></li>`,
    )
    .join('');
  const status = statusOf(p);
  return `<li class="path ${{ passed: 'ok', failed: 'fail', skipped: 'skip' }[status]}" id="${escape(p.slug)}" data-status="${status}" data-keys="${escape(JSON.stringify(p.keys))}" data-states="${escape(JSON.stringify(p.states))}"><h3 class="title">${escape(p.title)}</h3><p class="meta"><span class="duration">${seconds(p.durationMs)}</span> · ${p.scenarios.length} scenario(s) · <a class="flows" href="${escape(flowsLink(appUrl, machine, p.transitions))}">open on /flows</a> · <button type="button" class="highlight">Show on the chart</button></p><ol class="scenarios">${scenarios}</ol>${p.error ? `<p class="err">${escape(p.error)}</p>` : ''}${p.skipped ? `<p class="skipped">skipped: ${escape(p.skipped)}</p>` : ''}</li>`;
}

/** A path's status in the report: a skipped path (a remote run's) is neither passed nor failed. */
export const statusOf = (p: Pick<PathReport, 'passed' | 'skipped'>) =>
  p.skipped ? 'skipped' : p.passed ? 'passed' : 'failed';

const STYLE = `body{font:14px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem}
.summary{font-size:1.1rem}.summary b{font-variant-numeric:tabular-nums}
#index{columns:3;margin:.5rem 0}#index a{display:block}
.controls{position:sticky;top:0;background:#fff;padding:.5rem 0;border-bottom:1px solid #ddd;display:flex;gap:.5rem;flex-wrap:wrap;align-items:center;z-index:1}
.controls input{flex:1;min-width:14rem}
.paths>li{margin:.75rem 0;padding:.5rem .75rem;border-left:4px solid #2a7;background:#fafafa}.paths>li.fail{border-color:#c33}.paths>li.skip{border-color:#999}.skipped{color:#666}.note{color:#245}
.paths>li.selected{outline:2px solid #d60}
.title{font-size:1rem;margin:0}.meta{margin:.25rem 0;color:#555}
.scenario h4{margin:.5rem 0 .25rem;font-size:.95rem}
.step{margin:.15rem 0}.step.answer>.text{font-family:monospace}.step.check>.text{color:#245}.step.wait>.text{color:#666}
.took{color:#888;font-size:.85em}
.answer{margin:.25rem 0 .25rem 1rem;padding:.25rem .5rem;border:1px solid #ddd;background:#fff}
.status{font-weight:700}.body{max-height:16rem;overflow:auto;background:#f4f4f4;margin:.25rem 0;padding:.25rem}.cause{margin:0;color:#553}
.shot img{display:block;max-width:100%;border:1px solid #c33;margin:.25rem 0}
.err{color:#c33;white-space:pre-wrap;overflow-wrap:anywhere}
.text,.request,.cause,.title,.meta{overflow-wrap:anywhere}pre.body{white-space:pre-wrap;overflow-wrap:anywhere}
.failures{border-left:4px solid #c33;padding:.25rem .75rem;background:#fdf3f3}.failures a{display:block}
@media (max-width:700px){#index{columns:1}.controls input{min-width:0}.answer{margin-left:0}}
.chart{overflow:auto;max-height:36rem;border:1px solid #ddd;margin:.5rem 0}
.chart svg{max-width:none}
.chart .on>rect{stroke:#d60;stroke-width:3}.chart path.on{stroke:#d60;stroke-width:3}
[hidden]{display:none!important}`;

/**
 * The report's own behaviour, inline (the file opens from disk): the search box and the two filters
 * hide the paths and machines that do not match; a path's "Show on the chart" (or a click on its
 * title) marks its states and transitions on its machine's chart.
 */
const SCRIPT = `(() => {
  const q = document.getElementById('search'), m = document.getElementById('machine'), s = document.getElementById('status'), shown = document.getElementById('shown');
  const apply = () => {
    const text = q.value.trim().toLowerCase();
    let n = 0;
    for (const section of document.querySelectorAll('section.machine')) {
      let any = false;
      for (const li of section.querySelectorAll('li.path')) {
        const ok = (!s.value || li.dataset.status === s.value) && (!text || li.textContent.toLowerCase().includes(text));
        li.hidden = !ok;
        if (ok) { any = true; n++; }
      }
      section.hidden = Boolean(m.value && section.dataset.machine !== m.value) || Boolean(!any && (text || s.value));
      if (section.hidden) for (const li of section.querySelectorAll('li.path:not([hidden])')) { li.hidden = true; n--; }
    }
    shown.textContent = n + ' paths shown';
  };
  for (const el of [q, m, s]) { el.addEventListener('input', apply); el.addEventListener('change', apply); }
  const highlight = (li) => {
    const section = li.closest('section.machine');
    for (const el of section.querySelectorAll('.on, .selected')) el.classList.remove('on', 'selected');
    li.classList.add('selected');
    const keys = new Set(JSON.parse(li.dataset.keys)), states = new Set(JSON.parse(li.dataset.states));
    for (const g of section.querySelectorAll('.chart [data-state]')) if (states.has(g.dataset.state)) g.classList.add('on');
    for (const p of section.querySelectorAll('.chart [data-key]')) if (keys.has(p.dataset.key)) p.classList.add('on');
  };
  document.addEventListener('click', (e) => {
    const hit = e.target.closest('button.highlight, li.path > .title');
    if (hit) highlight(hit.closest('li.path'));
  });
  apply();
})();`;

/** The report as HTML, from every file's machines. */
export function reportHtml(
  machines: Record<string, MachineReport & { file: string; at: string }>,
  options: ReportOptions = {},
): string {
  const appUrl = (options.appUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const entries = Object.entries(machines).sort(([a], [b]) => a.localeCompare(b));
  const all = entries.flatMap(([, m]) => m.paths);
  const passed = all.filter((p) => p.passed).length;
  const skipped = all.filter((p) => p.skipped).length;
  const walked = entries.reduce((n, [, m]) => n + m.coverage.walked, 0);
  const transitions = entries.reduce((n, [, m]) => n + m.coverage.transitions, 0);
  const summary = `<p class="summary" id="summary"><b data-count="machines">${entries.length}</b> machines · <b data-count="paths">${all.length}</b> paths · <b data-count="passed">${passed}</b> passed · <b data-count="failed">${all.length - passed - skipped}</b> failed · ${skipped ? `<b data-count="skipped">${skipped}</b> skipped · ` : ''}transitions walked <b data-count="walked">${walked}</b>/<b data-count="transitions">${transitions}</b> · <b data-count="duration">${seconds(all.reduce((n, p) => n + p.durationMs, 0))}</b> in the browser</p>`;
  const index = `<nav id="index" aria-label="Machines">${entries
    .map(([name, m]) => {
      const failed = m.paths.filter((p) => statusOf(p) === 'failed').length;
      return `<a href="#machine-${escape(name)}">${escape(machineName(name))} (${escape(name)}; ${m.paths.length} paths${failed ? `, ${failed} failed` : ''}; ${m.coverage.walked}/${m.coverage.transitions})</a>`;
    })
    .join('')}</nav>`;
  const controls = `<div class="controls"><input type="search" id="search" placeholder="Search titles, steps, answers" aria-label="Search the paths"><select id="machine" aria-label="Machine"><option value="">All machines</option>${entries
    .map(([name]) => `<option value="${escape(name)}">${escape(machineName(name))}</option>`)
    .join(
      '',
    )}</select><select id="status" aria-label="Status"><option value="">Passed and failed</option><option value="passed">Passed</option><option value="failed">Failed</option>${skipped ? '<option value="skipped">Skipped</option>' : ''}</select><span id="shown" role="status"></span></div>`;
  const sections = entries.map(([name, m]) => {
    const c = m.coverage;
    const missing = c.missing.length
      ? `<details><summary>${c.missing.length} transition(s) not walked</summary><ul>${c.missing
          .map((k) => `<li>${escape(k)}${m.unreachable[k] ? ` — <em>${escape(m.unreachable[k])}</em>` : ''}</li>`)
          .join('')}</ul></details>`
      : '';
    const chart = m.chart
      ? `<details class="chart-box" open><summary>Chart</summary><div class="chart">${m.chart}</div></details>`
      : '';
    return `<section class="machine" id="machine-${escape(name)}" data-machine="${escape(name)}"><h2>${escape(name)}</h2><p class="coverage">${c.states} states; transitions walked through the UI: ${c.walked}/${c.transitions} (${c.percent}%); paths: ${m.paths.filter((r) => r.passed).length}/${m.paths.length} passed <small>(tests/paths/${escape(m.file)}.paths.test.ts, ${escape(m.at)})</small></p>${m.note ? `<p class="note">${escape(m.note)}</p>` : ''}${missing}${chart}<ol class="paths">${m.paths
      .map((p) => pathHtml(name, p, appUrl))
      .join('')}</ol></section>`;
  });
  // Each failed path, linked from the top: where it failed and why, one click away.
  const failedPaths = entries.flatMap(([name, m]) =>
    m.paths.filter((p) => statusOf(p) === 'failed').map((p) => [name, p] as const),
  );
  const failures = failedPaths.length
    ? `<nav class="failures" aria-label="Failed paths"><b>Failed:</b>${failedPaths
        .map(([name, p]) => `<a href="#${escape(p.slug)}">${escape(name)}: ${escape(p.title)}</a>`)
        .join('')}</nav>`
    : '';
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Atelier path tests</title><style>${STYLE}</style><h1>Path tests through the real app</h1>${summary}${failures}${index}${controls}${sections.join('')}<script>${SCRIPT}</script></html>`;
}

/**
 * Writes this file's results to <dir>/paths/<file>.json, then <dir>/paths.json, <dir>/paths.html and
 * <dir>/junit.xml (junit.ts) from every file's results there: the path test files run side by side,
 * and whichever ends last writes the report of all of them. `dir` is the run's (options.ts reportDir:
 * coverage/ for the full default run, else coverage/runs/<name>/); only the full default run also
 * writes flows.json, which the flows viewer bundles, and the requirements report (`options.shared`,
 * isDefaultRun unless given).
 */
export function writeReport(report: FileReport, dir = 'coverage', options: ReportOptions = {}): void {
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
  if (options.shared ?? isDefaultRun()) {
    // The path tests own the coverage the flows viewer overlays (src/features/flows/coverage.ts): transitions
    // walked through the real app, not a machine replayed against its own transition function. A filtered,
    // random or remote run walks part of it, or walks it otherwise: it leaves the viewer's coverage alone.
    writeFileSync(`${dir}/flows.json`, merged);
    writeRequirementsReport(registry, dir); // which product rules those walked transitions serve
  }
  writeFileSync(`${dir}/paths.html`, reportHtml(machines, options));
}
