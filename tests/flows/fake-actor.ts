/**
 * The one way the flow tests fake an effect: a promise actor that hands each start (its input, its
 * abort signal, its actor id) to the test, which answers it. The model driver (harness.ts) answers
 * later, from a path's done/error events; the tool cases (tools/run.harness.ts) answer at once, from
 * the implementation a case gives.
 */
import { fromPromise } from 'xstate';

export const fakeActor = <Output, Input>(start: (input: Input, signal: AbortSignal, id: string) => Promise<Output>) =>
  fromPromise<Output, Input>(({ input, signal, self }) => start(input, signal, self.id));
