/**
 * The seeded random walk of the path runs (tests/paths/random-walk.ts): the same seed gives the same
 * walk (event types and payloads), another seed another one; every step is one the machine takes and
 * the page can send, a path ends only at a final state, a dead end or the last step, and the steps add
 * up to the number asked for.
 */
import { describe, expect, it } from 'vitest';
import { pathGroups } from '../paths/adapters';
import { mulberry32, randomWalk, walkSteps } from '../paths/random-walk';
import { eventsOf, initialSnapshot } from './harness';

const adapters = Object.values(pathGroups).flat();
const byName = (name: string) => adapters.find((a) => a.name === name)!;

describe('the seeded random walk', () => {
  it('mulberry32 gives the same numbers from the same seed, in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const first = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(new Set(first).size).toBe(100);
    expect(mulberry32(8)()).not.toBe(first[0]);
  });

  it('the same seed walks every machine the same way; another seed walks it otherwise', () => {
    const differs: string[] = [];
    for (const adapter of adapters) {
      const once = walkSteps(randomWalk(adapter, 7, 150));
      expect(walkSteps(randomWalk(adapter, 7, 150)), adapter.name).toEqual(once);
      if (JSON.stringify(walkSteps(randomWalk(adapter, 8, 150))) !== JSON.stringify(once)) differs.push(adapter.name);
    }
    // toolProgress offers one event at a time: every seed walks it the same way.
    expect(differs).toEqual(adapters.map((a) => a.name).filter((n) => n !== 'toolProgress'));
  });

  it('walks exactly the steps asked for, each one the machine takes and the page can send', () => {
    for (const name of ['session', 'verifyEmail', 'toolPoll']) {
      const adapter = byName(name);
      const walk = randomWalk(adapter, 7, 150);
      expect(
        walk.reduce((n, p) => n + p.path.steps.length, 0),
        name,
      ).toBe(150);
      for (const { model, path } of walk) {
        expect(path.source).toBe('random');
        let before = initialSnapshot(model);
        for (const step of path.steps) {
          expect(model.machine.getTransitionData(before as never, step.event as never).length).toBeGreaterThan(0);
          expect(adapter.cannotSend?.(step.event, before) ?? null).toBeNull();
          before = step.state;
        }
      }
      // Every path but the last ends where nothing more can be done: a final state or a dead end.
      for (const { model, path } of walk.slice(0, -1)) {
        const last = path.steps.at(-1)!.state;
        const left = eventsOf(
          model,
          name,
        )(last).filter(
          (e) =>
            model.machine.getTransitionData(last as never, e as never).length > 0 && !adapter.cannotSend?.(e, last),
        );
        expect(last.status !== 'active' || left.length === 0, name).toBe(true);
      }
    }
  });

  it('a machine walks the same whichever machines walk beside it (its seed is mixed with its name)', () => {
    const session = byName('session');
    expect(walkSteps(randomWalk(session, 7, 40))).toEqual(walkSteps(randomWalk({ ...session }, 7, 40)));
    expect(walkSteps(randomWalk(session, 7, 40))).not.toEqual(
      walkSteps(randomWalk({ ...session, name: 'another' }, 7, 40)),
    );
  });
});
