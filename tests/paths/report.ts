/**
 * Reads the HTML report of the path tests (coverage/paths.html, written by tests/paths/report-writer.ts)
 * back as data, as a person sees it: the summary's numbers, per machine its coverage line, what was
 * not walked, whether its chart is there and which of its states and transitions are highlighted, and
 * its paths (hidden by the filters or not) with their duration, link to the flows viewer and
 * scenarios of steps, each server answer with its status, body and cause. Self-contained (no imports,
 * no closures), so it runs in Chromium on the report opened from disk (page.evaluate) as well as on a
 * parsed document in a test.
 */
export interface StepView {
  kind: string;
  text: string;
  answer: { status: string; request: string; body: string; cause: string } | null;
  screenshot: string | null;
}

export interface PathView {
  title: string;
  passed: boolean;
  /** Not run (a remote run that cannot cause its server answers for real), with the reason shown. */
  skipped: boolean;
  hidden: boolean;
  duration: string;
  flows: string;
  scenarios: Array<{ title: string; steps: StepView[] }>;
  error: string | null;
}

export interface ReportView {
  title: string;
  summary: Record<string, string>;
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
  const machines: ReportView['machines'] = {};
  for (const section of Array.from(doc.querySelectorAll('section.machine'))) {
    const paths: PathView[] = [];
    for (const li of Array.from(section.querySelectorAll(':scope > ol.paths > li.path'))) {
      const error = li.querySelector(':scope > .err');
      paths.push({
        title: li.querySelector(':scope > .title')?.textContent ?? '',
        passed: li.classList.contains('ok'),
        skipped: li.classList.contains('skip'),
        hidden: li.hasAttribute('hidden'),
        duration: li.querySelector(':scope > .meta > .duration')?.textContent ?? '',
        flows: li.querySelector(':scope > .meta > a.flows')?.getAttribute('href') ?? '',
        scenarios: Array.from(li.querySelectorAll(':scope > ol.scenarios > li.scenario')).map((s) => ({
          title: s.querySelector(':scope > h4')?.textContent ?? '',
          steps: Array.from(s.querySelectorAll(':scope > ol.steps > li.step')).map((step) => {
            const answer = step.querySelector(':scope > .answer');
            return {
              kind: step.getAttribute('data-kind') ?? '',
              text: step.querySelector(':scope > .text')?.textContent ?? '',
              answer: answer
                ? {
                    status: answer.querySelector('.status')?.textContent ?? '',
                    request: answer.querySelector('.request')?.textContent ?? '',
                    body: answer.querySelector('.body')?.textContent ?? '',
                    cause: answer.querySelector('.cause')?.textContent ?? '',
                  }
                : null,
              screenshot: step.querySelector(':scope > a.shot > img')?.getAttribute('src') ?? null,
            };
          }),
        })),
        error: error ? (error.textContent ?? '') : null,
      });
    }
    machines[section.querySelector('h2')?.textContent ?? ''] = {
      summary: section.querySelector(':scope > p.coverage')?.textContent ?? '',
      hidden: section.hasAttribute('hidden'),
      notWalked: Array.from(section.querySelectorAll(':scope > details:not(.chart-box) li')).map(
        (li) => li.textContent ?? '',
      ),
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
  return {
    title: doc.querySelector('h1')?.textContent ?? '',
    summary,
    index: Array.from(doc.querySelectorAll('#index a')).map((a) =>
      (a.getAttribute('href') ?? '').replace(/^#machine-/, ''),
    ),
    machines,
  };
}
