/**
 * Reads the HTML report of the path tests (coverage/paths.html, written by tests/paths/report-writer.ts)
 * back as data, as a person sees it: the summary's numbers, the status tabs, the failed paths at the
 * top (each check with expected and received, and its screenshot), per machine its coverage line, what was
 * not walked, whether its chart is there and which of its states and transitions are highlighted, and
 * its paths (hidden by the filters or not) with their duration, link to the flows viewer and
 * scenarios of steps, each server answer with its status, body and cause. Self-contained (no imports,
 * no closures), so it runs in Chromium on the report opened from disk (page.evaluate) as well as on a
 * parsed document in a test.
 */
export interface StepView {
  kind: string;
  text: string;
  /** `folded`: the body is in a closed <details> (a person opens the one they want). */
  answer: { status: string; request: string; body: string; cause: string; folded: boolean } | null;
  screenshot: string | null;
}

/** A failed path's top (and the same at the report's top): the check with expected and received, its screenshot. */
export interface FailureView {
  /** The path's id (its slug). */
  path: string;
  heading: string;
  step: string;
  check: string;
  expected: string;
  received: string;
  screenshot: string | null;
  flows: string;
  /** The command that runs the path again. */
  rerun: string;
}

export interface PathView {
  title: string;
  passed: boolean;
  /** Not run (a remote run that cannot cause its server answers for real), with the reason shown. */
  skipped: boolean;
  hidden: boolean;
  /** Unfolded (a failed path is; a passed or skipped one is folded to its title line). */
  open: boolean;
  duration: string;
  flows: string;
  failure: FailureView | null;
  scenarios: Array<{ title: string; steps: StepView[] }>;
  error: string | null;
}

export interface ReportView {
  title: string;
  summary: Record<string, string>;
  /** The status tabs' labels and counts ('All': '178', 'Failed': '0', …), the chosen one's label in `tab`. */
  tabs: Record<string, string>;
  tab: string;
  /** The failed paths at the top of the report, first to last. */
  failures: FailureView[];
  /** The machines the index links to. */
  index: string[];
  machines: Record<
    string,
    {
      summary: string;
      hidden: boolean;
      notWalked: string[];
      chart: boolean;
      /** Highlighted on the chart: state ids and transition coverage keys. */
      highlighted: string[];
      paths: PathView[];
    }
  >;
}

export function readReport(given?: Document): ReportView {
  // No inner named helpers: the function is sent to the browser as its source text.
  const doc = given ?? document;
  // Every failure box (at the top and in its path) as data, looked up by its element below.
  const boxes = new Map<Element, FailureView>(
    Array.from(doc.querySelectorAll('.failure')).map((box) => [
      box,
      {
        path: box.getAttribute('data-path') ?? '',
        heading: box.querySelector('h3')?.textContent ?? '',
        step: box.querySelector('.failed-step')?.textContent ?? '',
        check: box.querySelector('.expect .check')?.textContent ?? '',
        expected: box.querySelector('.expect .expected')?.textContent ?? '',
        received: box.querySelector('.expect .received')?.textContent ?? '',
        screenshot: box.querySelector('a.shot > img')?.getAttribute('src') ?? null,
        flows: box.querySelector('a.flows')?.getAttribute('href') ?? '',
        rerun: box.querySelector('.rerun code')?.textContent ?? '',
      },
    ]),
  );
  const machines: ReportView['machines'] = {};
  for (const section of Array.from(doc.querySelectorAll('section.machine'))) {
    const paths: PathView[] = [];
    for (const li of Array.from(section.querySelectorAll(':scope > ol.paths > li.path'))) {
      const body = li.querySelector(':scope > details');
      const error = li.querySelector('.err');
      paths.push({
        title: li.querySelector('.title')?.textContent ?? '',
        passed: li.classList.contains('ok'),
        skipped: li.classList.contains('skip'),
        hidden: li.hasAttribute('hidden'),
        open: body?.hasAttribute('open') ?? true,
        duration: li.querySelector('.duration')?.textContent ?? '',
        flows: li.querySelector('.meta > a.flows')?.getAttribute('href') ?? '',
        failure: boxes.get(li.querySelector('.failure')!) ?? null,
        scenarios: Array.from(li.querySelectorAll('ol.scenarios > li.scenario')).map((s) => ({
          title: s.querySelector(':scope > h4')?.textContent ?? '',
          steps: Array.from(s.querySelectorAll(':scope > ol.steps > li.step')).map((step) => {
            const answer = step.querySelector(':scope > .answer');
            const box = answer?.querySelector('details.body-box');
            return {
              kind: step.getAttribute('data-kind') ?? '',
              text: step.querySelector(':scope > .text')?.textContent ?? '',
              answer: answer
                ? {
                    status: answer.querySelector('.status')?.textContent ?? '',
                    request: answer.querySelector('.request')?.textContent ?? '',
                    body: answer.querySelector('.body')?.textContent ?? '',
                    cause: answer.querySelector('.cause')?.textContent ?? '',
                    folded: box ? !box.hasAttribute('open') : false,
                  }
                : null,
              screenshot: step.querySelector(':scope > a.shot')?.getAttribute('href') ?? null,
            };
          }),
        })),
        error: error ? (error.textContent ?? '') : null,
      });
    }
    machines[section.querySelector('h2')?.textContent ?? ''] = {
      summary: section.querySelector(':scope > p.coverage')?.textContent ?? '',
      hidden: section.hasAttribute('hidden'),
      notWalked: Array.from(section.querySelectorAll(':scope > details.missing li')).map((li) => li.textContent ?? ''),
      chart: section.querySelector('.chart svg') !== null,
      highlighted: Array.from(section.querySelectorAll('.chart .on')).map(
        (el) => el.getAttribute('data-state') ?? el.getAttribute('data-key') ?? '',
      ),
      paths,
    };
  }
  const summary: Record<string, string> = {};
  for (const b of Array.from(doc.querySelectorAll('#summary [data-count]')))
    summary[b.getAttribute('data-count') ?? ''] = b.textContent ?? '';
  const tabs: Record<string, string> = {};
  let tab = '';
  for (const a of Array.from(doc.querySelectorAll('.tabs a'))) {
    const label = (a.firstChild?.textContent ?? '').trim();
    tabs[label] = a.querySelector('b')?.textContent ?? '';
    if (a.hasAttribute('aria-current')) tab = label;
  }
  return {
    title: doc.querySelector('h1')?.textContent ?? '',
    summary,
    tabs,
    tab,
    failures: Array.from(doc.querySelectorAll('section.failures > .failure')).map((box) => boxes.get(box)!),
    index: Array.from(doc.querySelectorAll('#index a')).map((a) =>
      (a.getAttribute('href') ?? '').replace(/^#machine-/, ''),
    ),
    machines,
  };
}
