/**
 * Model checks of every registered machine (tools/flows/documents/checks.ts): no unreachable
 * state, no non-final state without a way out, no handled event that no view, app effect or machine
 * sends, no transition that does nothing. A finding the design wants is listed below with its reason;
 * one that no longer occurs fails too, so the list stays true. Each check fails on a deliberate fault.
 */
import { describe, expect, it } from 'vitest';
import { sendTo, setup } from 'xstate';
import { machines } from '../../src/flows';
import { graphOf } from '../../tools/flows/documents';
import {
  eventsSentBy,
  idleTransitions,
  statesWithoutWayOut,
  unreachableStates,
  unsentEvents,
} from '../../tools/flows/documents/checks';

/** Findings the design wants, with the reason. */
const accepted: Record<string, string> = {
  'checkoutReturn: idle is not final and has no way out':
    'Not back from a checkout, or the notice was closed: the flow rests there until the page goes.',
  'toolProgress: capped is not final and has no way out':
    'The bar holds at its cap until the tool run stops this actor (it leaves the state that invokes it).',
  'toolRun: handles progress.tick, which no view, app effect or machine sends':
    'toolRun sends it to itself from the onProgress callback it gives the progress actor (an input function, which a static read cannot see).',
  'toolRun: handles progress.queued, which no view, app effect or machine sends':
    'toolRun sends it to itself from the onQueued callback it gives the poll actor (an input function, which a static read cannot see).',
  'toolBatch: handles batch.balance, which no view, app effect or machine sends':
    "The batch's own invoked pageRun (its real logic in tool-batch.effects.ts) sends it as the balance the app tells the page's run changes.",
  'toolBatch: handles batch.shared, which no view, app effect or machine sends':
    "The batch's own invoked pageRun (its real logic in tool-batch.effects.ts) sends it as the page's run's form settings change.",
  'toolBatch: handles batch.runs, which no view, app effect or machine sends':
    "The batch's own invoked followRuns (its real logic in tool-batch.effects.ts) sends it as the runs tray's list changes.",
};

const sentByMachines = new Set(Object.values(machines).flatMap((m) => [...eventsSentBy(m)]));

function findings(graph: ReturnType<typeof graphOf>, sent: ReadonlySet<string>) {
  return {
    unreachable: unreachableStates(graph),
    stuck: statesWithoutWayOut(graph),
    unsent: unsentEvents(graph, sent),
    idle: idleTransitions(graph),
  };
}

describe('model checks', () => {
  it.each(Object.entries(machines))('%s: every check holds (or is an accepted design)', (_name, machine) => {
    const found = Object.values(findings(graphOf(machine), sentByMachines)).flat();
    expect(found.filter((f) => !(f in accepted))).toEqual([]);
  });

  it('every accepted finding still occurs', () => {
    const found = new Set(
      Object.values(machines).flatMap((m) => Object.values(findings(graphOf(m), sentByMachines)).flat()),
    );
    expect(Object.keys(accepted).filter((f) => !found.has(f))).toEqual([]);
  });

  it('events one machine sends another count as sent', () => {
    const child = setup({
      actions: { tell: sendTo(({ system }) => system.get('peer'), { type: 'peer.ping' }) },
    }).createMachine({ id: 'child', entry: 'tell' });
    expect(eventsSentBy(child)).toContain('peer.ping');
  });

  it('each check fails on a deliberate fault, and only that one', () => {
    const faulty = setup({ actions: { note: () => {} } }).createMachine({
      id: 'faulty',
      meta: { sends: ['go', 'wait'] },
      initial: 'start',
      states: {
        start: { on: { go: 'middle', wait: {} } },
        middle: { on: { 'nobody.sends': 'end', go: 'stuck' } },
        stuck: { entry: 'note' },
        orphan: { on: { go: 'end' } },
        end: { type: 'final' },
      },
    });
    const found = findings(graphOf(faulty), new Set());
    expect(found.unreachable).toEqual(['faulty: orphan is unreachable']);
    expect(found.stuck).toEqual(['faulty: stuck is not final and has no way out']);
    expect(found.unsent).toEqual(['faulty: handles nobody.sends, which no view, app effect or machine sends']);
    expect(found.idle).toEqual(['faulty: start on wait does nothing']);

    const clean = setup({ actions: { note: () => {} } }).createMachine({
      id: 'clean',
      meta: { sends: ['go', 'wait', 'again'] },
      initial: 'start',
      states: {
        start: { on: { go: 'end', wait: { actions: 'note' }, again: { target: 'start', reenter: true } } },
        end: { type: 'final' },
      },
    });
    expect(Object.values(findings(graphOf(clean), new Set())).flat()).toEqual([]);
  });
});
