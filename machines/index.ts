/** Registry of every flow machine: the coverage report and the flows viewer read it. */
import type { AnyStateMachine } from 'xstate';

export const machines: Record<string, AnyStateMachine> = {};
