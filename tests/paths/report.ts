/**
 * Reads the HTML report of the path tests (coverage/paths.html, written by writeReport in
 * harness.ts) back as data: per machine, its summary line and its paths, each with its readable
 * steps. Self-contained (no imports, no closures), so it runs in Chromium on the report opened
 * from disk (page.evaluate) as well as on a parsed document in a test.
 */
export interface ReportView {
  title: string;
  machines: Record<
    string,
    {
      summary: string;
      notWalked: string[];
      paths: Array<{ title: string; passed: boolean; steps: string[]; error: string | null }>;
    }
  >;
}

export function readReport(given?: Document): ReportView {
  // No inner named helpers: the function is sent to the browser as its source text.
  const doc = given ?? document;
  const machines: ReportView['machines'] = {};
  for (const section of Array.from(doc.querySelectorAll('section'))) {
    const paths: ReportView['machines'][string]['paths'] = [];
    for (const li of Array.from(section.querySelectorAll(':scope > ol.paths > li'))) {
      const error = li.querySelector(':scope > .err');
      paths.push({
        title: li.querySelector(':scope > .title')?.textContent ?? '',
        passed: li.classList.contains('ok'),
        steps: Array.from(li.querySelectorAll(':scope > ol > li')).map((step) => step.textContent ?? ''),
        error: error ? (error.textContent ?? '') : null,
      });
    }
    machines[section.querySelector('h2')?.textContent ?? ''] = {
      summary: section.querySelector(':scope > p')?.textContent ?? '',
      notWalked: Array.from(section.querySelectorAll(':scope > details li')).map((li) => li.textContent ?? ''),
      paths,
    };
  }
  return { title: doc.querySelector('h1')?.textContent ?? '', machines };
}
