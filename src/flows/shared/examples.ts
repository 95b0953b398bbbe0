/**
 * What a flow's examples file (src/flows/<area>/<area>.examples.ts) holds besides its named data: the input each of
 * its machines starts with, a successful answer for each of its effects (an invoked actor, by its src) and a
 * payload for the events that carry one. The flows viewer starts and steps the machines with them; the flow
 * models (tests/flows/models) and the path adapters (tests/paths/adapters) use the same named data.
 */
export interface FlowExamples {
  /** The input each machine starts with, by registry name. */
  readonly inputs?: Readonly<Record<string, unknown>>;
  /** A successful answer of each effect, by its src. */
  readonly answers?: Readonly<Record<string, unknown>>;
  /** A payload for each event that carries one, by its type. */
  readonly events?: Readonly<Record<string, object>>;
}
