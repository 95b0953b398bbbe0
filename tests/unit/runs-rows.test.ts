/**
 * What a row of the runs tray says of a run (RUNS-8): its bar, its time, its thumbnail, from the run as
 * GET /api/runs lists it.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/flows/runs/runs.examples';
import { ordinal, runProgress, runThumbnail, runTime, spanWords } from '../../src/flows/runs/runs.types';

const start = Date.parse('2026-11-23T12:00:00.000Z');

describe("a runs tray row's figures", () => {
  it('RUNS-25: a place in the queue reads as an ordinal', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });

  it('RUNS-8: a working run has a bar: its percentage, within 0 to 100, or unknown; a queued or ended run has none', () => {
    expect(runProgress(run('r1', { progress: 42.6 }))).toBe(43);
    expect(runProgress(run('r1', { progress: 130 }))).toBe(100);
    expect(runProgress(run('r1', { status: 'starting' }))).toBe('unknown');
    expect(runProgress(run('r1', { status: 'queued', position: 2 }))).toBeNull();
    expect(runProgress(run('r1', { status: 'succeeded', progress: 100 }))).toBeNull();
  });

  it('RUNS-8: the time a run has waited or worked, or took once ended', () => {
    expect(runTime(run('r1', { status: 'queued' }), start + 4_000)).toBe('Waiting for 4 s');
    expect(runTime(run('r1'), start + 125_000)).toBe('Working for 2 min 5 s');
    expect(runTime(run('r1', { status: 'failed', finishedAt: '2026-11-23T12:00:09.500Z' }), start)).toBe('Took 9 s');
    // An ended run without its end time says nothing of it.
    expect(runTime(run('r1', { status: 'canceled' }), start)).toBe('');
    expect(spanWords(3_780_000)).toBe('1 h 3 min');
    expect(spanWords(-5)).toBe('0 s');
  });

  it("RUNS-8: a finished image run's first file is its thumbnail; other runs have none", () => {
    const done = { status: 'succeeded' as const, finishedAt: '2026-11-23T12:00:05.000Z' };
    expect(runThumbnail(run('r1', { ...done, output: ['/files/outputs/a.png', '/files/outputs/b.png'] }))).toBe(
      '/files/outputs/a.png',
    );
    expect(runThumbnail(run('r1', { ...done, output: '/files/outputs/a.png' }))).toBe('/files/outputs/a.png');
    expect(runThumbnail(run('r1', { ...done, toolKey: 'text-to-text', output: 'Rain on the roof.' }))).toBeNull();
    expect(runThumbnail(run('r1', { output: '/files/outputs/a.png' }))).toBeNull();
  });
});
