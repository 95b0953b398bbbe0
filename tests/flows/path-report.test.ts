// @vitest-environment jsdom
/**
 * The path tests' report writer (tests/paths/harness.ts writeReport) on a small given input: the
 * HTML report lists each machine with its coverage and each path as readable steps, and the JSON
 * files merge every test file's machines. (Each path test file also checks the real report in
 * Chromium after its paths ran: tests/paths/suite.ts.)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeReport, type FileReport } from '../paths/harness';
import { readReport } from '../paths/report';

const coverage = (walked: number, transitions: number, missing: string[]) => ({
  states: 3,
  transitions,
  walked,
  missing,
  percent: Math.round((walked / transitions) * 1000) / 10,
});

const doors: FileReport = {
  file: 'doors',
  at: '2026-01-01T00:00:00.000Z',
  machines: {
    door: {
      coverage: coverage(3, 4, ['door.locked --pick--> door.open']),
      unreachable: { 'door.locked --pick--> door.open': 'Nobody can pick the lock on the page.' },
      paths: [
        {
          title: 'open → close',
          steps: [
            'open the hall',
            'click Open',
            'open: the door shows <open>',
            'click Close',
            'closed: the door is shut',
          ],
          passed: true,
        },
        {
          title: 'lock',
          steps: ['open the hall', 'click Lock'],
          passed: false,
          error: 'The page never showed "Locked"',
        },
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
        { title: 'on → off', steps: ['open the room', 'click On', 'on: lit', 'click Off', 'off: dark'], passed: true },
      ],
    },
  },
};

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the path report (coverage/paths.html, paths.json, flows.json)', () => {
  it("lists every file's machines, each path as its steps, failures and what was not walked with the reason", () => {
    dir = mkdtempSync(join(tmpdir(), 'paths-report-'));
    writeReport(doors, dir);
    writeReport(lights, dir);
    const html = readFileSync(join(dir, 'paths.html'), 'utf8');
    const report = readReport(new DOMParser().parseFromString(html, 'text/html'));

    expect(report.title).toBe('Path tests through the real app');
    expect(Object.keys(report.machines)).toEqual(['door', 'lamp']);
    expect(report.machines['door']).toEqual({
      summary:
        '3 states; transitions walked through the UI: 3/4 (75%); paths: 1/2 passed (tests/paths/doors.paths.test.ts, 2026-01-01T00:00:00.000Z)',
      notWalked: ['door.locked --pick--> door.open — Nobody can pick the lock on the page.'],
      paths: [
        {
          title: 'open → close',
          passed: true,
          // Steps are text: markup in them is shown, not interpreted.
          steps: [
            'open the hall',
            'click Open',
            'open: the door shows <open>',
            'click Close',
            'closed: the door is shut',
          ],
          error: null,
        },
        {
          title: 'lock',
          passed: false,
          steps: ['open the hall', 'click Lock'],
          error: 'The page never showed "Locked"',
        },
      ],
    });
    expect(report.machines['lamp']?.paths).toEqual([
      {
        title: 'on → off',
        passed: true,
        steps: ['open the room', 'click On', 'on: lit', 'click Off', 'off: dark'],
        error: null,
      },
    ]);
    expect(report.machines['lamp']?.notWalked).toEqual([]);
    // It opens from disk: nothing to load from elsewhere.
    expect(html).not.toMatch(/<(script|link|img)\b/);
  });

  it('merges the coverage of every file into paths.json and flows.json (what the flows viewer overlays)', () => {
    dir = mkdtempSync(join(tmpdir(), 'paths-report-'));
    writeReport(doors, dir);
    writeReport(lights, dir);
    const merged = {
      door: { ...doors.machines['door']!.coverage, unreachable: doors.machines['door']!.unreachable },
      lamp: { ...lights.machines['lamp']!.coverage, unreachable: {} },
    };
    expect(JSON.parse(readFileSync(join(dir, 'paths.json'), 'utf8'))).toEqual(merged);
    expect(JSON.parse(readFileSync(join(dir, 'flows.json'), 'utf8'))).toEqual(merged);
  });
});
