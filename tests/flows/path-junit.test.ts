// @vitest-environment jsdom
/**
 * The path runs' JUnit XML (junit.xml beside the report, tests/paths/junit.ts) as a CI dashboard reads
 * it: parsed as XML, one <testcase> per path with its machine as the class, its title and seconds, a
 * <failure> with the error of a failed path and a <skipped> with the reason of a skipped one; the
 * counts of the suites add up to the paths.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { junitXml } from '../paths/junit';
import { writeReport, type FileReport, type PathReport } from '../paths/report-writer';

const coverage = { states: 2, transitions: 2, walked: 1, missing: ['a --go--> b'], percent: 50 };

/** A path as the report keeps it: its steps in one scenario. */
const path = (
  title: string,
  steps: string[],
  rest: Pick<PathReport, 'passed' | 'durationMs'> & Partial<PathReport>,
) => ({
  title,
  slug: title.replace(/\W+/g, '-'),
  scenarios: [{ title, steps: steps.map((text) => ({ kind: 'action' as const, text })) }],
  keys: [],
  states: [],
  transitions: [],
  ...rest,
});

const doors: FileReport = {
  file: 'doors',
  at: '2026-01-01T00:00:00.000Z',
  machines: {
    door: {
      coverage,
      unreachable: {},
      paths: [
        path('open → close', ['open the hall', 'click Open'], { passed: true, durationMs: 1250 }),
        path('lock <"&\'>', ['open the hall', 'click Lock'], {
          passed: false,
          error: 'The page never showed "Locked"\n\u001b[31mat step 2\u001b[39m',
          durationMs: 2500,
        }),
      ],
    },
    lamp: {
      coverage,
      unreachable: {},
      paths: [
        path('on', [], {
          passed: false,
          skipped: 'the server answer loadLamp cannot be caused for real',
          durationMs: 0,
        }),
      ],
    },
  },
};

const parse = (xml: string) => {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc;
};

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the JUnit XML of a path run', () => {
  it('parses, and has one testcase per path with its machine, title, time, failure or skip', () => {
    const doc = parse(junitXml([doors]));
    const cases = Array.from(doc.querySelectorAll('testcase'));
    expect(cases.map((c) => [c.getAttribute('classname'), c.getAttribute('name'), c.getAttribute('time')])).toEqual([
      ['door', 'open → close', '1.250'],
      ['door', 'lock <"&\'>', '2.500'],
      ['lamp', 'on', '0.000'],
    ]);
    expect(cases[0]!.children.length).toBe(0);
    const failure = cases[1]!.querySelector('failure')!;
    expect(failure.getAttribute('message')).toBe('The page never showed "Locked"');
    expect(failure.textContent).toContain('at step 2');
    expect(failure.textContent).toContain('click Lock');
    expect(cases[2]!.querySelector('skipped')!.getAttribute('message')).toBe(
      'the server answer loadLamp cannot be caused for real',
    );
    const root = doc.documentElement;
    expect(root.tagName).toBe('testsuites');
    expect([root.getAttribute('tests'), root.getAttribute('failures'), root.getAttribute('skipped')]).toEqual([
      '3',
      '1',
      '1',
    ]);
    expect(
      Array.from(doc.querySelectorAll('testsuite')).map((s) => [s.getAttribute('name'), s.getAttribute('tests')]),
    ).toEqual([
      ['door', '2'],
      ['lamp', '1'],
    ]);
  });

  it('is written beside the report with every file of the run; a run not the default one writes no flows.json', () => {
    dir = mkdtempSync(join(tmpdir(), 'paths-junit-'));
    writeReport(doors, dir, { shared: false });
    writeReport({ ...doors, file: 'lights', machines: { lamp: doors.machines['lamp']! } }, dir, { shared: false });
    const doc = parse(readFileSync(join(dir, 'junit.xml'), 'utf8'));
    expect(doc.querySelectorAll('testcase').length).toBe(4);
    expect(doc.documentElement.getAttribute('tests')).toBe('4');
    expect(() => readFileSync(join(dir, 'flows.json'))).toThrow();
    expect(() => readFileSync(join(dir, 'requirements.md'))).toThrow();
  });
});
