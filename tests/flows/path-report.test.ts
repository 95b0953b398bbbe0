// @vitest-environment jsdom
/**
 * The path tests' report writer (tests/paths/report-writer.ts writeReport) on a small given input: the
 * HTML report sums the machines up, lists each machine with its coverage and each path as scenarios of
 * steps (server answers with their status, body and cause; repeats folded), and the JSON files merge
 * every test file's machines. (Each path test file also checks the real report in Chromium after its
 * paths ran, its filters and chart included: tests/paths/suite.ts.)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readReport } from '../paths/report';
import { writeReport, type FileReport, type PathReport } from '../paths/report-writer';
import { foldSteps, longestRun, type Step } from '../paths/steps';
import { CheckFailed, failureOf } from '../paths/failure';

const coverage = (walked: number, transitions: number, missing: string[]) => ({
  states: 3,
  transitions,
  walked,
  missing,
  percent: Math.round((walked / transitions) * 1000) / 10,
});

const path = (
  title: string,
  passed: boolean,
  scenarios: PathReport['scenarios'],
  error?: string,
  failure?: PathReport['failure'],
): PathReport => ({
  title,
  slug: title.replace(/\W+/g, '-'),
  passed,
  ...(error ? { error } : {}),
  ...(failure ? { failure } : {}),
  durationMs: 1234,
  scenarios,
  keys: ['door.closed --open--> door.open'],
  states: ['door.open'],
  transitions: ['door.closed#0'],
});

const answer: Step = {
  kind: 'answer',
  text: 'server answers POST /api/door with 200',
  answer: { method: 'POST', path: '/api/door', status: 200, body: '{\n  "open": true\n}', cause: 'turn the key' },
};

const doors: FileReport = {
  file: 'doors',
  at: '2026-01-01T00:00:00.000Z',
  machines: {
    door: {
      coverage: coverage(3, 4, ['door.locked --pick--> door.open']),
      unreachable: { 'door.locked --pick--> door.open': 'Nobody can pick the lock on the page.' },
      chart:
        '<svg xmlns="http://www.w3.org/2000/svg"><g data-state="door.open"><rect/></g><path data-key="door.closed --open--> door.open"/></svg>',
      paths: [
        path('Reaches open when door.open is sent', true, [
          {
            title: 'Reaches open when door.open is sent',
            steps: [
              { kind: 'action', text: 'open the hall', durationMs: 300 },
              { kind: 'action', text: 'click Open' },
              answer,
              { kind: 'check', text: 'open: the door shows <open>' },
            ],
          },
        ]),
        path(
          'Reaches locked when door.lock is sent',
          false,
          [
            {
              title: 'Reaches locked when door.lock is sent',
              steps: [
                { kind: 'action', text: 'click Lock' },
                {
                  kind: 'check',
                  text: "failed while checking what the page shows: locked: the lock's field",
                  screenshot: 'screenshots/door-lock.png',
                },
              ],
            },
          ],
          'The page never showed "Locked"\n\nexpected "" to be "Locked"',
          {
            doing: 'checking what the page shows',
            check: "locked: the lock's field",
            expected: '"Locked"',
            received: '""',
          },
        ),
      ],
    },
  },
};

const lights: FileReport = {
  file: 'lights',
  at: '2026-01-01T00:01:00.000Z',
  machines: {
    lamp: {
      coverage: coverage(2, 2, []),
      unreachable: {},
      paths: [
        path('Reaches on when lamp.on is sent', true, [{ title: 'On', steps: [{ kind: 'action', text: 'click On' }] }]),
      ],
    },
  },
};

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the path report (coverage/paths.html, paths.json, flows.json)', () => {
  it("sums every file's machines up, lists each path's scenarios as steps, answers with status, body and cause", () => {
    dir = mkdtempSync(join(tmpdir(), 'paths-report-'));
    writeReport(doors, dir, { appUrl: 'https://atelier.test' });
    writeReport(lights, dir, { appUrl: 'https://atelier.test' });
    const html = readFileSync(join(dir, 'paths.html'), 'utf8');
    const report = readReport(new DOMParser().parseFromString(html, 'text/html'));

    expect(report.title).toBe('Path tests through the real app');
    expect(report.summary).toEqual({
      machines: '2',
      paths: '3',
      passed: '2',
      failed: '1',
      walked: '5',
      transitions: '6',
      duration: '3.7 s',
    });
    expect(report.index).toEqual(['door', 'lamp']);
    // Tabs by status with their counts, All chosen.
    expect(report.tabs).toEqual({ All: '3', Failed: '1', Passed: '2', Skipped: '0' });
    expect(report.tab).toBe('All');
    // The failed path comes first, as it failed: the check, expected against received, its screenshot, its
    // links; its heading links to the path, which is open below (a passed one is folded to its title line).
    const failure = {
      path: 'Reaches-locked-when-door-lock-is-sent',
      step: "failed while checking what the page shows: locked: the lock's field",
      check: "locked: the lock's field",
      expected: '"Locked"',
      received: '""',
      screenshot: 'screenshots/door-lock.png',
      flows: 'https://atelier.test/flows/door?path=door.closed%230',
      rerun: "npm run test:paths -- --machine door --path 'Reaches locked when door.lock is sent'",
    };
    expect(report.failures).toEqual([{ ...failure, heading: 'door: Reaches locked when door.lock is sent' }]);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('section.failures h3 a')?.getAttribute('href')).toBe(`#${failure.path}`);
    expect(doc.getElementById(failure.path)?.classList.contains('fail')).toBe(true);
    // It comes before the machines, the controls and the index.
    const order = ['section.failures', '.controls', '.index', 'section.machine'].map((q) =>
      Array.from(doc.querySelectorAll('main *')).indexOf(doc.querySelector(q)!),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The page fits a phone's width.
    expect(doc.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe(
      'width=device-width, initial-scale=1',
    );
    expect(Object.keys(report.machines)).toEqual(['door', 'lamp']);
    const door = report.machines['door']!;
    expect(door.summary).toBe(
      '3 states; transitions walked through the UI: 3/4 (75%); paths: 1/2 passed (tests/paths/doors.paths.test.ts, 2026-01-01T00:00:00.000Z)',
    );
    expect(door.notWalked).toEqual(['door.locked --pick--> door.open — Nobody can pick the lock on the page.']);
    expect(door.chart).toBe(true);
    expect(door.paths[0]).toEqual({
      title: 'Reaches open when door.open is sent',
      passed: true,
      skipped: false,
      hidden: false,
      open: false,
      duration: '1.2 s',
      flows: 'https://atelier.test/flows/door?path=door.closed%230',
      failure: null,
      scenarios: [
        {
          title: 'Reaches open when door.open is sent',
          // Steps are text: markup in them is shown, not interpreted.
          steps: [
            { kind: 'action', text: 'open the hall', answer: null, screenshot: null },
            { kind: 'action', text: 'click Open', answer: null, screenshot: null },
            {
              kind: 'answer',
              text: 'server answers POST /api/door with 200',
              answer: {
                status: '200',
                request: 'POST /api/door',
                body: '{\n  "open": true\n}',
                cause: 'How to cause it on a real server: turn the key',
                // Folded: a person opens the body they want.
                folded: true,
              },
              screenshot: null,
            },
            { kind: 'check', text: 'open: the door shows <open>', answer: null, screenshot: null },
          ],
        },
      ],
      error: null,
    });
    // A failed path is open, its failure on top, and ends at the failed step, with the page as it was.
    expect(door.paths[1]!.open).toBe(true);
    expect(door.paths[1]!.failure).toEqual({ ...failure, heading: '' });
    expect(door.paths[1]!.error).toBe('The page never showed "Locked"\n\nexpected "" to be "Locked"');
    expect(door.paths[1]!.scenarios[0]!.steps.at(-1)!.screenshot).toBe('screenshots/door-lock.png');
    expect(report.machines['lamp']?.notWalked).toEqual([]);
    // It opens from disk: no file but the screenshots beside it, nothing from elsewhere.
    expect(html).not.toMatch(/<(link|script)\b[^>]*\b(src|href)=/);
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\/(?!atelier\.test\/flows)/);
  });

  it('merges the coverage of every file into paths.json and flows.json (what the flows viewer overlays)', () => {
    dir = mkdtempSync(join(tmpdir(), 'paths-report-'));
    // The full default run's report (only it writes flows.json).
    writeReport(doors, dir, { shared: true });
    writeReport(lights, dir, { shared: true });
    const merged = {
      door: { ...doors.machines['door']!.coverage, unreachable: doors.machines['door']!.unreachable },
      lamp: { ...lights.machines['lamp']!.coverage, unreachable: {} },
    };
    expect(JSON.parse(readFileSync(join(dir, 'paths.json'), 'utf8'))).toEqual(merged);
    expect(JSON.parse(readFileSync(join(dir, 'flows.json'), 'utf8'))).toEqual(merged);
  });
});

describe('the report of a run against a deployment', () => {
  it('lists a path it could not walk as skipped with the reason, says what the run walked, and writes no flows.json', () => {
    dir = mkdtempSync(join(tmpdir(), 'paths-report-'));
    const reason =
      'step 2 (xstate.error.actor.loadLamp): a failure with no answer cannot be caused on a running deployment';
    const remote: FileReport = {
      ...lights,
      machines: {
        lamp: {
          ...lights.machines['lamp']!,
          note: 'Walked for real against http://127.0.0.1:3000: 2 of 2 transitions walked for real; 1 paths passed, 1 skipped (each with its reason).',
          paths: [
            ...lights.machines['lamp']!.paths,
            {
              ...path('Reaches broken when loadLamp fails', false, [
                { title: 'Broken', steps: [{ kind: 'action', text: 'loadLamp fails' }] },
              ]),
              skipped: reason,
            },
          ],
        },
      },
    };
    writeReport(remote, dir, { shared: false });
    const html = readFileSync(join(dir, 'paths.html'), 'utf8');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const report = readReport(doc);
    expect(report.summary).toMatchObject({ paths: '2', passed: '1', failed: '0', skipped: '1' });
    expect(report.machines['lamp']!.paths.map((p) => [p.passed, p.skipped])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(doc.querySelector('li.path.skip .skipped')?.textContent).toBe(`skipped: ${reason}`);
    expect(doc.querySelector('section.machine .note')?.textContent).toBe(remote.machines['lamp']!.note);
    expect(report.tabs).toEqual({ All: '2', Failed: '0', Passed: '1', Skipped: '1' });
    expect(report.failures).toEqual([]);
    expect(() => readFileSync(join(dir, 'flows.json'))).toThrow();
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain(`<skipped message="${reason}"/>`);
  });
});

describe('folding repeated steps', () => {
  const poll: Step = { ...answer, text: 'server answers GET /api/predictions/pred-1 with 200 (processing)' };
  const bar: Step = { kind: 'check', text: 'the bar moves', durationMs: 10 };
  const wait: Step = { kind: 'wait', text: 'wait for the pollInterval delay' };

  it('folds a run of one step into one line with its count and the durations added up', () => {
    const steps = [answer, ...Array.from({ length: 58 }, () => bar), answer];
    const folded = foldSteps(steps);
    expect(folded.map((s) => s.text)).toEqual([answer.text, 'the bar moves × 58', answer.text]);
    expect(folded[1]!.durationMs).toBe(580);
    expect(longestRun(folded)).toBe(1);
  });

  it('folds a repeated block (a poll, the bar it moves, the wait before the next) once, each step with the count', () => {
    const steps = [answer, ...Array.from({ length: 40 }, () => [poll, bar, wait]).flat(), bar];
    expect(foldSteps(steps).map((s) => s.text)).toEqual([
      answer.text,
      `${poll.text} × 40`,
      'the bar moves × 40',
      'wait for the pollInterval delay × 40',
      'the bar moves',
    ]);
  });

  it('folds steps alike but for a number, showing the number from its first to its last value', () => {
    const moves = [5, 40, 95].map((n): Step => ({ kind: 'check', text: `the bar shows Generating... ${n}%` }));
    expect(foldSteps([...moves, wait]).map((s) => s.text)).toEqual([
      'the bar shows Generating... 5…95% × 3',
      wait.text,
    ]);
  });

  it('keeps steps with a screenshot and different steps as they are', () => {
    const shot: Step = { ...bar, screenshot: 'screenshots/x-1.png' };
    expect(foldSteps([bar, shot, shot, wait])).toEqual([bar, shot, shot, wait]);
  });
});

describe("a failed path's expected and received (tests/paths/failure.ts)", () => {
  it('takes them from an assertion, the last attempt of expect.poll included, with the matcher in words', async () => {
    const polled = await expect
      .poll(() => '', { timeout: 50, interval: 10 })
      .toBe('a red fox')
      .catch((e: unknown) => e);
    expect(failureOf('checking what the page shows', polled)).toEqual({
      doing: 'checking what the page shows',
      expected: '"a red fox"',
      received: '""',
    });
    const counted = await expect
      .poll(() => 0, { timeout: 50, interval: 10 })
      .toBeGreaterThan(0)
      .catch((e: unknown) => e);
    expect(failureOf('driving x', counted)).toMatchObject({ expected: 'more than 0', received: '0' });
  });

  it("names the sight's check that failed, and the element a timed-out Playwright call waited for", () => {
    const timedOut = new Error(
      "locator.inputValue: Timeout 30000ms exceeded.\nCall log:\n  - waiting for getByLabel('Width')\n",
    );
    expect(failureOf('checking what the page shows', new CheckFailed("idle: the size's fields", timedOut))).toEqual({
      doing: 'checking what the page shows',
      check: "idle: the size's fields",
      expected: "an element: getByLabel('Width')",
      received: 'no such element on the page',
    });
    expect(failureOf('driving x', new Error('something else'))).toEqual({ doing: 'driving x' });
  });
});
