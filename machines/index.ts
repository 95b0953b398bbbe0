/** Registry of every flow machine: the coverage report and the flows viewer read it. */
import type { AnyStateMachine } from 'xstate';
import { sidebarMachine } from './sidebar/sidebar.machine';
import { themeMachine } from './theme/theme.machine';

export const machines: Record<string, AnyStateMachine> = {
  sidebar: sidebarMachine,
  theme: themeMachine,
};
