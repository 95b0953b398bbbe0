/**
 * No event a view sends is silently dropped: when an actor receives an event its current state
 * cannot take (`snapshot.can(event)` is false), it is reported — a console warning in development,
 * and, in the e2e and path suites, a console line the suite collects and fails on: the suite gives every
 * page this same inspector before it starts (tests/e2e/dropped-report.ts, through src/app/test-hooks.ts),
 * so the one production build carries no part of it. Events a machine ignores on purpose, and where, are
 * declared on its states (`ignores`, src/flows/shared/meta.ts; tests/flows/view-events.test.ts checks them
 * against the machines before run time); development filters them here, the suite (whose build leaves the
 * facts out of the pages) by the machine each report names.
 */
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { ignoredAt, type FactsNode } from '../flows/shared/meta';

export interface DroppedEvent {
  actor: string;
  /** The id of the actor's machine, when it is one. */
  machine?: string;
  event: string;
  state: unknown;
}

/**
 * An `inspect` observer: reports events sent from outside the actors that the receiver cannot take, unless
 * `ignored` says its machine ignores them there. It refers to nothing outside itself: the suite installs its
 * source in the page as it is (tests/e2e/dropped-report.ts).
 */
export function droppedEventInspector(
  report: (dropped: DroppedEvent) => void,
  ignored: (root: FactsNode, value: unknown, event: string) => boolean = () => false,
) {
  return (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.event') return;
    // Events between actors of a system and xstate's own (done, error, after) are the logic's business.
    if (inspection.sourceRef !== undefined || inspection.event.type.startsWith('xstate.')) return;
    const actor = inspection.actorRef as AnyActorRef & { systemId?: string; logic?: { id?: string; root?: FactsNode } };
    const snapshot = actor.getSnapshot() as { status?: string; value?: unknown; can?: (e: unknown) => boolean };
    if (typeof snapshot?.can !== 'function' || snapshot.status !== 'active') return;
    if (snapshot.can(inspection.event)) return;
    const logic = actor.logic;
    if (logic?.root && ignored(logic.root, snapshot.value, inspection.event.type)) return;
    report({
      actor: actor.systemId ?? actor.id,
      ...(logic?.id === undefined ? {} : { machine: logic.id }),
      event: inspection.event.type,
      state: snapshot.value,
    });
  };
}

/** The development report: a console warning for each dropped event that its machine does not ignore. */
export const inspectDroppedInDevelopment = () =>
  droppedEventInspector(
    (dropped) => console.warn(`Dropped event '${dropped.event}' sent to '${dropped.actor}' in state`, dropped.state),
    ignoredAt,
  );
