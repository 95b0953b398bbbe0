/**
 * The report of the path tests (coverage/paths.html, and the same under the run's own directory for a
 * filtered, random or remote run: tests/paths/options.ts reportDir): each test file keeps its machines'
 * results in <dir>/paths/<file>.json, and whichever file ends last writes the report of all of them.
 * The HTML opens from disk (inline style and script, no other file but the screenshots beside it):
 * a summary at the top (machines, paths, passed, failed, transitions walked), each failed path's failure
 * (the check with expected and received, the screenshot, the command that reruns it), status tabs with
 * counts, a search box, a machine filter and a folded index of the machines; per machine its coverage and
 * its chart (the flows viewer's SVG, folded) on which the selected path's states and transitions are
 * highlighted; failed paths open, passed ones and answer bodies folded (the full default run's report
 * stays under 15,000 px at 1280 px: scripts/paths-report-size.mjs measures it); per path its
 * duration, a link to the flows viewer with the path highlighted (/flows/<machine>?path=…), and its
 * scenarios as steps: each server answer with its status, body and how to cause it on a real server,
 * runs of the same step folded, a screenshot at a failed step (or at each step on request); a path
 * a remote run could not walk is listed as skipped with the reason. Beside it, junit.xml (junit.ts) for
 * every run; flows.json, which the flows viewer bundles, and the requirements report only for the full
 * default run (options.ts isDefaultRun).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { machines as registry } from '../../src/flows';
import { machineName } from '../../src/flows/groups';
import { toFlowGraph } from '../../tools/flows/graph';
import { layoutFlow } from '../../tools/flows/layout';
import { flowToSvg } from '../../tools/flows/svg';
import type { MachineCoverage } from '../flows/harness';
import { writeRequirementsReport } from '../../tools/flows/requirements/report';
import type { Failure } from './failure';
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
  /** What failed: the check, expected and received, shown at the path's top (failure.ts). */
  failure?: Failure;
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
    ...(result.failure ? { failure: result.failure } : {}),
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

const lineCount = (text: string) => text.split('\n').length;

function stepHtml(step: Step): string {
  // A body is folded under its size: a person opens the one they want (every body open made the report tens of thousands of pixels tall).
  const body = step.answer?.body
    ? `<details class="body-box"><summary>Body, ${lineCount(step.answer.body)} line(s)</summary><pre class="body">${escape(step.answer.body)}</pre></details>`
    : '<p class="body empty">(no body)</p>';
  const answer = step.answer
    ? `<div class="answer"><span class="status">${step.answer.status}</span> <code class="request">${escape(
        `${step.answer.method} ${step.answer.path}`,
      )}</code>${body}<p class="cause">How to cause it on a real server: ${escape(step.answer.cause)}</p></div>`
    : '';
  const shot = step.screenshot
    ? `<a class="shot" href="${escape(step.screenshot)}"><img src="${escape(step.screenshot)}" alt="The page at this step" loading="lazy"></a>`
    : '';
  const took = step.durationMs === undefined ? '' : ` <span class="took">${seconds(step.durationMs)}</span>`;
  return `<li class="step ${step.kind}" data-kind="${step.kind}"><span class="text">${escape(step.text)}</span>${took}${answer}${shot}</li>`;
}

/**
 * A failed path's top, as Playwright's report shows a failed test: the step it failed at, the check
 * that failed with what it expected and what the page showed, the page's screenshot, the way to its
 * chart and to /flows, and the whole error folded below.
 */
function failureHtml(machine: string, p: PathReport, appUrl: string, heading: string): string {
  const steps = p.scenarios.flatMap((s) => s.steps);
  const last = steps.at(-1);
  const f = p.failure;
  const rows = [
    ['Check', 'check', f?.check ?? (f ? f.doing : last?.text)],
    ['Expected', 'expected', f?.expected],
    ['Received', 'received', f?.received],
  ]
    .filter(([, , v]) => v)
    .map(([label, cls, v]) => `<dt>${label}</dt><dd class="${cls}">${escape(v!)}</dd>`)
    .join('');
  const firstLine = (p.error ?? '').split('\n')[0]!;
  const shot = last?.screenshot
    ? `<a class="shot" href="${escape(last.screenshot)}"><img src="${escape(last.screenshot)}" alt="The page when the check failed"></a>`
    : '';
  return `<div class="failure" data-path="${escape(p.slug)}">${heading}<p class="where">Failed at step ${steps.length} of the path: <span class="failed-step">${escape(last?.text ?? '')}</span></p><dl class="expect">${rows}</dl>${
    f?.expected ? '' : `<p class="err-line">${escape(firstLine)}</p>`
  }${shot}<p class="rerun">Run it again: <code>${escape(rerunCommand(machine, p.title))}</code></p><p class="links"><button type="button" class="highlight">Show on the chart</button> · <a class="flows" href="${escape(flowsLink(appUrl, machine, p.transitions))}">open on /flows</a></p><details class="error"><summary>The whole error</summary><pre class="err">${escape(p.error ?? '')}</pre></details></div>`;
}

/** The command that runs one path again (scripts/paths.mjs --path), its title quoted for a POSIX shell. */
export const rerunCommand = (machine: string, title: string) =>
  `npm run test:paths -- --machine ${machine} --path '${title.replace(/'/g, `'\\''`)}'`;

const MARK = { passed: '✓', failed: '✗', skipped: '–' } as const;

function pathHtml(machine: string, p: PathReport, appUrl: string): string {
  const scenarios = p.scenarios
    .map(
      (s) =>
        `<li class="scenario"><h4>${escape(s.title)}</h4><ol class="steps">${s.steps.map(stepHtml).join('')}</ol></li>`,
    )
    .join('');
  const status = statusOf(p);
  // Failed paths open, with their failure on top; passed and skipped ones folded to their title line.
  return `<li class="path ${{ passed: 'ok', failed: 'fail', skipped: 'skip' }[status]}" id="${escape(p.slug)}" data-status="${status}" data-keys="${escape(JSON.stringify(p.keys))}" data-states="${escape(JSON.stringify(p.states))}"><details${status === 'failed' ? ' open' : ''}><summary><span class="mark" aria-label="${status}">${MARK[status]}</span> <h3 class="title">${escape(p.title)}</h3> <span class="duration">${seconds(p.durationMs)}</span></summary>${
    status === 'failed' ? failureHtml(machine, p, appUrl, '') : ''
  }<p class="meta">${p.scenarios.length} scenario(s) · <a class="flows" href="${escape(flowsLink(appUrl, machine, p.transitions))}">open on /flows</a> · <button type="button" class="highlight">Show on the chart</button></p><ol class="scenarios">${scenarios}</ol>${p.skipped ? `<p class="skipped">skipped: ${escape(p.skipped)}</p>` : ''}</details></li>`;
}

/** A path's status in the report: a skipped path (a remote run's) is neither passed nor failed. */
export const statusOf = (p: Pick<PathReport, 'passed' | 'skipped'>) =>
  p.skipped ? 'skipped' : p.passed ? 'passed' : 'failed';

const STYLE = `:root{--fg:#1d2329;--muted:#5a6570;--line:#d9dee3;--bg:#fff;--soft:#f5f7f9;--ok:#1a7f4b;--fail:#b42318;--skip:#6b7280;--accent:#b54708;--link:#0b5cad}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg);max-width:1100px;margin:0 auto;padding:1rem}
a{color:var(--link)}h1{font-size:1.4rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:0}
button{font:inherit;color:var(--link);background:none;border:0;padding:0;text-decoration:underline;cursor:pointer}
.summary{margin:0 0 .75rem;color:var(--muted)}.summary b{color:var(--fg);font-variant-numeric:tabular-nums}
.failures{margin:0 0 1rem}.failures>h2{color:var(--fail);margin-bottom:.5rem}
.failure{border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:6px;background:#fff8f7;padding:.5rem .75rem;margin:0 0 .75rem}
.failure h3{font-size:1rem;margin:0 0 .25rem}.where{margin:0 0 .25rem}.failed-step{font-weight:600}
.expect{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .75rem;margin:.25rem 0;font-family:ui-monospace,monospace;font-size:13px}
.expect dt{color:var(--muted)}.expect dd{margin:0}.expected{color:var(--ok)}.received{color:var(--fail)}
.err-line{margin:.25rem 0;color:var(--fail);font-family:ui-monospace,monospace;font-size:13px}
/* A full-page screenshot shows its top at a readable size (the link opens all of it). */
.shot img{display:block;height:auto;object-fit:cover;object-position:top;border:1px solid var(--line);margin:.25rem 0}
.failure .shot img{width:min(100%,40rem);max-height:25rem}
.links,.rerun{margin:.25rem 0}.rerun code{font-size:12px;overflow-wrap:anywhere}
.controls{position:sticky;top:0;z-index:1;background:var(--bg);padding:.5rem 0;border-bottom:1px solid var(--line);display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}
.tabs{display:flex;flex-wrap:wrap;gap:.25rem}.tabs a{padding:.2rem .6rem;border:1px solid var(--line);border-radius:999px;text-decoration:none;color:var(--fg)}
.tabs a[aria-current]{background:var(--fg);border-color:var(--fg);color:#fff}.tabs b{font-variant-numeric:tabular-nums}
.controls input{flex:1;min-width:12rem}#shown{color:var(--muted)}
.index{margin:.5rem 0}#index{columns:3;margin:.25rem 0}#index a{display:block}
section.machine{margin:1rem 0 0;padding-top:.5rem;border-top:1px solid var(--line)}
section.machine,li.path,.chart-box{scroll-margin-top:5rem}
.coverage,.note{margin:.1rem 0;color:var(--muted)}.note{color:#245}
section.machine>details{margin:.1rem 0}
ol.paths{list-style:none;margin:.25rem 0 0;padding:0}
.path{margin:.2rem 0;border:1px solid var(--line);border-left:4px solid var(--ok);border-radius:6px;background:var(--soft)}
.path.fail{border-left-color:var(--fail)}.path.skip{border-left-color:var(--skip)}.path.selected{outline:2px solid var(--accent)}
.path>details>summary{padding:.2rem .6rem;cursor:pointer}.path>details[open]>summary{border-bottom:1px solid var(--line)}
.path>details>:not(summary){margin-left:.6rem;margin-right:.6rem}.path .failure{margin-top:.5rem}
.title{display:inline;font-size:1rem;font-weight:600;margin:0}.mark{font-weight:700}.ok .mark{color:var(--ok)}.fail .mark{color:var(--fail)}.skip .mark{color:var(--skip)}
.duration,.took{color:var(--muted);font-size:.85em;font-variant-numeric:tabular-nums}
.meta{margin:.25rem 0;color:var(--muted)}.skipped{color:var(--muted)}
ol.scenarios{padding-left:1.25rem}.scenario h4{margin:.4rem 0 .1rem;font-size:.95rem}ol.steps{padding-left:1.5rem;margin:0}
.step{margin:.1rem 0}.step.answer>.text{font-family:ui-monospace,monospace;font-size:13px}.step.check>.text{color:#245}.step.wait>.text{color:var(--muted)}
.answer{margin:.2rem 0;padding:.2rem .5rem;border:1px solid var(--line);border-radius:4px;background:#fff}
.status{font-weight:700}.body-box>summary{cursor:pointer;color:var(--link)}
.body{max-height:16rem;overflow:auto;background:var(--soft);margin:.25rem 0;padding:.25rem .5rem;font-size:12px}.body.empty{background:none;padding:0;color:var(--muted)}.cause{margin:0;color:#553}
.step .shot img{width:min(100%,24rem);max-height:15rem}
.err{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px;background:var(--soft);padding:.25rem .5rem}
.text,.request,.cause,.title,.meta,.expect dd,.where,.err-line,#index a,.failure h3{overflow-wrap:anywhere}pre.body{white-space:pre-wrap;overflow-wrap:anywhere}
.chart{margin:.25rem 0;border:1px solid var(--line);border-radius:4px;background:#fff;width:fit-content;max-width:100%}
.chart svg{display:block;max-width:100%;height:auto}
.chart .on>rect{stroke:var(--accent);stroke-width:3}.chart path.on{stroke:var(--accent);stroke-width:3}
@media (max-width:700px){body{padding:.5rem}#index{columns:1}.controls input{min-width:0}ol.scenarios,ol.steps{padding-left:1rem}}
[hidden]{display:none!important}`;

/**
 * The report's own behaviour, inline (the file opens from disk): the status tabs, the search box and
 * the machine filter hide the paths and machines that do not match; a path's "Show on the chart" marks
 * its states and transitions on its machine's chart, which it opens; a link to a folded path opens it.
 */
const SCRIPT = `(() => {
  const q = document.getElementById('search'), m = document.getElementById('machine'), shown = document.getElementById('shown');
  const tabs = [...document.querySelectorAll('.tabs a')];
  let status = '';
  const apply = () => {
    const text = q.value.trim().toLowerCase();
    let n = 0;
    for (const section of document.querySelectorAll('section.machine')) {
      let any = false;
      for (const li of section.querySelectorAll('li.path')) {
        const ok = (!status || li.dataset.status === status) && (!text || li.textContent.toLowerCase().includes(text));
        li.hidden = !ok;
        if (ok) { any = true; n++; }
      }
      section.hidden = Boolean(m.value && section.dataset.machine !== m.value) || Boolean(!any && (text || status));
      if (section.hidden) for (const li of section.querySelectorAll('li.path:not([hidden])')) { li.hidden = true; n--; }
    }
    for (const a of tabs) if ((a.dataset.tab || '') === status) a.setAttribute('aria-current', 'true'); else a.removeAttribute('aria-current');
    shown.textContent = n + ' paths shown';
  };
  const choose = (hash) => {
    const tab = tabs.find((a) => a.getAttribute('href') === hash);
    if (tab) { status = tab.dataset.tab || ''; apply(); return true; }
    return false;
  };
  for (const a of tabs) a.addEventListener('click', (e) => { e.preventDefault(); history.replaceState(null, '', a.getAttribute('href')); choose(a.getAttribute('href')); });
  for (const el of [q, m]) { el.addEventListener('input', apply); el.addEventListener('change', apply); }
  const highlight = (li) => {
    const section = li.closest('section.machine');
    for (const el of document.querySelectorAll('.on, .selected')) el.classList.remove('on', 'selected');
    li.classList.add('selected');
    const keys = new Set(JSON.parse(li.dataset.keys)), states = new Set(JSON.parse(li.dataset.states));
    for (const g of section.querySelectorAll('.chart [data-state]')) if (states.has(g.dataset.state)) g.classList.add('on');
    for (const p of section.querySelectorAll('.chart [data-key]')) if (keys.has(p.dataset.key)) p.classList.add('on');
    const box = section.querySelector('details.chart-box');
    if (box) { box.open = true; box.scrollIntoView({ block: 'nearest' }); }
  };
  document.addEventListener('click', (e) => {
    const hit = e.target.closest('button.highlight');
    if (!hit) return;
    const top = hit.closest('.failures .failure');
    highlight(top ? document.getElementById(top.dataset.path) : hit.closest('li.path'));
  });
  // A link to a folded path (#its-slug) opens it.
  const reveal = () => {
    const target = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    const details = target && target.matches('li.path') && target.querySelector(':scope > details');
    if (details) details.open = true;
  };
  window.addEventListener('hashchange', () => { if (!choose(location.hash)) reveal(); });
  if (!choose(location.hash)) { apply(); reveal(); }
})();`;

/** The report as HTML, from every file's machines. */
export function reportHtml(
  machines: Record<string, MachineReport & { file: string; at: string }>,
  options: ReportOptions = {},
): string {
  const appUrl = (options.appUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const failedIn = (m: MachineReport) => m.paths.filter((p) => statusOf(p) === 'failed').length;
  // Machines with a failed path first, then by name.
  const entries = Object.entries(machines).sort(
    ([a, ma], [b, mb]) => Number(failedIn(mb) > 0) - Number(failedIn(ma) > 0) || a.localeCompare(b),
  );
  const all = entries.flatMap(([, m]) => m.paths);
  const passed = all.filter((p) => p.passed).length;
  const skipped = all.filter((p) => p.skipped).length;
  const failed = all.length - passed - skipped;
  const walked = entries.reduce((n, [, m]) => n + m.coverage.walked, 0);
  const transitions = entries.reduce((n, [, m]) => n + m.coverage.transitions, 0);
  const summary = `<p class="summary" id="summary"><b data-count="machines">${entries.length}</b> machines · <b data-count="paths">${all.length}</b> paths · <b data-count="passed">${passed}</b> passed · <b data-count="failed">${failed}</b> failed · ${skipped ? `<b data-count="skipped">${skipped}</b> skipped · ` : ''}transitions walked <b data-count="walked">${walked}</b>/<b data-count="transitions">${transitions}</b> · <b data-count="duration">${seconds(all.reduce((n, p) => n + p.durationMs, 0))}</b> in the browser</p>`;
  const index = `<details class="index"><summary>Machines (${entries.length})</summary><nav id="index" aria-label="Machines">${entries
    .map(([name, m]) => {
      const f = failedIn(m);
      return `<a href="#machine-${escape(name)}">${escape(machineName(name))} (${escape(name)}; ${m.paths.length} paths${f ? `, ${f} failed` : ''}; ${m.coverage.walked}/${m.coverage.transitions})</a>`;
    })
    .join('')}</nav></details>`;
  const tabs = `<nav class="tabs" aria-label="Paths by status">${(
    [
      ['all', '', 'All', all.length],
      ['failed', 'failed', 'Failed', failed],
      ['passed', 'passed', 'Passed', passed],
      ['skipped', 'skipped', 'Skipped', skipped],
    ] as const
  )
    .map(
      ([hash, tab, label, n]) =>
        `<a href="#${hash}" data-tab="${tab}"${tab ? '' : ' aria-current="true"'}>${label} <b>${n}</b></a>`,
    )
    .join('')}</nav>`;
  const controls = `<div class="controls">${tabs}<input type="search" id="search" placeholder="Search titles, steps, answers" aria-label="Search the paths"><select id="machine" aria-label="Machine"><option value="">All machines</option>${entries
    .map(([name]) => `<option value="${escape(name)}">${escape(machineName(name))}</option>`)
    .join('')}</select><span id="shown" role="status"></span></div>`;
  const sections = entries.map(([name, m]) => {
    const c = m.coverage;
    const missing = c.missing.length
      ? `<details class="missing"><summary>${c.missing.length} transition(s) not walked</summary><ul>${c.missing
          .map((k) => `<li>${escape(k)}${m.unreachable[k] ? ` — <em>${escape(m.unreachable[k])}</em>` : ''}</li>`)
          .join('')}</ul></details>`
      : '';
    // Folded until asked for ("Show on the chart" opens it), drawn at its own size or narrower.
    const chart = m.chart
      ? `<details class="chart-box"><summary>Chart</summary><div class="chart">${m.chart}</div></details>`
      : '';
    return `<section class="machine" id="machine-${escape(name)}" data-machine="${escape(name)}"><h2>${escape(name)}</h2><p class="coverage">${c.states} states; transitions walked through the UI: ${c.walked}/${c.transitions} (${c.percent}%); paths: ${m.paths.filter((r) => r.passed).length}/${m.paths.length} passed <small>(tests/paths/${escape(m.file)}.paths.test.ts, ${escape(m.at)})</small></p>${m.note ? `<p class="note">${escape(m.note)}</p>` : ''}${missing}${chart}<ol class="paths">${m.paths
      .map((p) => pathHtml(name, p, appUrl))
      .join('')}</ol></section>`;
  });
  // Each failed path first, as it failed: the check, expected and received, the screenshot.
  const failedPaths = entries.flatMap(([name, m]) =>
    m.paths.filter((p) => statusOf(p) === 'failed').map((p) => [name, p] as const),
  );
  const failures = failedPaths.length
    ? `<section class="failures" aria-labelledby="failed-heading"><h2 id="failed-heading">Failed (${failedPaths.length})</h2>${failedPaths
        .map(([name, p]) =>
          failureHtml(name, p, appUrl, `<h3><a href="#${escape(p.slug)}">${escape(name)}: ${escape(p.title)}</a></h3>`),
        )
        .join('')}</section>`
    : '';
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Atelier path tests</title><style>${STYLE}</style><main><h1>Path tests through the real app</h1>${summary}${failures}${controls}${index}${sections.join('')}</main><script>${SCRIPT}</script></html>`;
}

/**
 * Writes a file whole: the test files run side by side and each writes and reads the run's files, so a
 * reader must never meet one half written (a new name, then a rename over the old one).
 */
function writeWhole(path: string, text: string): void {
  const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, path);
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
  writeWhole(`${dir}/paths/${report.file}.json`, JSON.stringify(report, null, 2));
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
  writeWhole(`${dir}/paths.json`, merged);
  writeWhole(`${dir}/junit.xml`, junitXml(files));
  if (options.shared ?? isDefaultRun()) {
    // The path tests own the coverage the flows viewer overlays (src/features/flows/coverage.ts): transitions
    // walked through the real app, not a machine replayed against its own transition function. A filtered,
    // random or remote run walks part of it, or walks it otherwise: it leaves the viewer's coverage alone.
    writeWhole(`${dir}/flows.json`, merged);
    writeRequirementsReport(registry, dir); // which product rules those walked transitions serve
  }
  writeWhole(`${dir}/paths.html`, reportHtml(machines, options));
}
