/**
 * No event a view sends is silently dropped: when an actor receives an event its current state
 * cannot take (`snapshot.can(event)` is false), the app reports it — a console warning in
 * development, and, on a page whose test asked for it before the page loaded
 * (`window.__atelierReportDroppedEvents`, set by tests/e2e/browser.ts), a list on `window` and a console
 * line that the suite collects and fails on. The production build carries the check and starts it only on
 * such a page: no build flag. Events a machine ignores on purpose, and where, are declared on its states
 * (`ignores`, machines/shared/meta.ts; tests/flows/view-events.test.ts checks them against the machines
 * before run time). The production build leaves those facts out of the pages' chunks, so each report names
 * its machine and the suite drops the ones its machine ignores on purpose (tests/e2e/browser.ts).
 */
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { ignoredAt, type FactsNode } from '../../machines/shared/meta';

export interface DroppedEvent {
  actor: string;
  /** The id of the actor's machine, when it is one. */
  machine?: string;
  event: string;
  state: unknown;
}

declare global {
  interface Window {
    __droppedEvents?: DroppedEvent[];
    /** Set by a test before the page loads: report dropped events (tests/e2e/browser.ts). */
    __atelierReportDroppedEvents?: boolean;
  }
}

interface CheckableSnapshot {
  status: string;
  value: unknown;
  can: (event: { type: string }) => boolean;
}

function isCheckable(snapshot: unknown): snapshot is CheckableSnapshot {
  return typeof snapshot === 'object' && snapshot !== null && typeof (snapshot as { can?: unknown }).can === 'function';
}

const nameOf = (actor: AnyActorRef) => (actor as { systemId?: string }).systemId ?? actor.id;

/** An `inspect` observer: reports events sent from outside the actors that the receiver cannot take. */
export function droppedEventInspector(report: (dropped: DroppedEvent) => void) {
  return (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.event') return;
    // Events between actors of a system and xstate's own (done, error, after) are the logic's business.
    if (inspection.sourceRef !== undefined || inspection.event.type.startsWith('xstate.')) return;
    const snapshot: unknown = inspection.actorRef.getSnapshot();
    if (!isCheckable(snapshot) || snapshot.status !== 'active') return;
    if (snapshot.can(inspection.event)) return;
    const logic = (inspection.actorRef as { logic?: { id?: string; root?: FactsNode } }).logic;
    if (logic?.root && ignoredAt(logic.root, snapshot.value, inspection.event.type)) return;
    report({
      actor: nameOf(inspection.actorRef as AnyActorRef),
      ...(logic?.id === undefined ? {} : { machine: logic.id }),
      event: inspection.event.type,
      state: snapshot.value,
    });
  };
}

/** Whether this page reports dropped events: in development, or when its test asked before it loaded. */
export const reportsDroppedEvents = (): boolean =>
  import.meta.env.DEV || (typeof window !== 'undefined' && window.__atelierReportDroppedEvents === true);

/** The console prefix the end-to-end harness listens for (tests/e2e/browser.ts). */
export const DROPPED_EVENT_PREFIX = 'atelier:dropped-event';

export function reportDropped(dropped: DroppedEvent): void {
  if (import.meta.env.DEV) {
    console.warn(`Dropped event '${dropped.event}' sent to '${dropped.actor}' in state`, dropped.state);
    return;
  }
  (window.__droppedEvents ??= []).push(dropped);
  console.warn(DROPPED_EVENT_PREFIX, JSON.stringify(dropped));
}

/** The `inspect` option for the app's actors: undefined (no cost) unless this page reports dropped events. */
export const inspectDropped = () => (reportsDroppedEvents() ? droppedEventInspector(reportDropped) : undefined);
