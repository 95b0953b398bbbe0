/**
 * No event a view sends is silently dropped: when an actor receives an event its current state
 * cannot take (`snapshot.can(event)` is false), the app reports it — a console warning in
 * development, and in the build the end-to-end suite runs (`ATELIER_REPORT_DROPPED_EVENTS=1`, never
 * in production) a list on `window` that the suite collects and fails on. Events a machine ignores
 * on purpose, and where, are declared on its states (`ignores`, machines/shared/meta.ts;
 * tests/flows/view-events.test.ts checks them against the machines before run time).
 */
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { ignoredAt, type FactsNode } from '../../machines/shared/meta';

declare const __REPORT_DROPPED_EVENTS__: boolean;

export interface DroppedEvent {
  actor: string;
  event: string;
  state: unknown;
}

declare global {
  interface Window {
    __droppedEvents?: DroppedEvent[];
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
    const root = (inspection.actorRef as { logic?: { root?: FactsNode } }).logic?.root;
    if (root && ignoredAt(root, snapshot.value, inspection.event.type)) return;
    report({ actor: nameOf(inspection.actorRef as AnyActorRef), event: inspection.event.type, state: snapshot.value });
  };
}

/** Whether this build reports dropped events (development, or the end-to-end build). */
export const reportsDroppedEvents: boolean = import.meta.env.DEV || __REPORT_DROPPED_EVENTS__;

/** The console prefix the end-to-end harness listens for (tests/e2e/browser.ts). */
export const DROPPED_EVENT_PREFIX = 'atelier:dropped-event';

export function reportDropped(dropped: DroppedEvent): void {
  if (__REPORT_DROPPED_EVENTS__) {
    (window.__droppedEvents ??= []).push(dropped);
    console.warn(DROPPED_EVENT_PREFIX, JSON.stringify(dropped));
  }
  if (import.meta.env.DEV) {
    console.warn(`Dropped event '${dropped.event}' sent to '${dropped.actor}' in state`, dropped.state);
  }
}

/** The `inspect` option for the app's actors: undefined (no cost) in a production build. */
export const inspectDropped = reportsDroppedEvents ? droppedEventInspector(reportDropped) : undefined;
