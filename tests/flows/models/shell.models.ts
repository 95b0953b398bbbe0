import { defineModel } from '../model-paths';
import { sidebarMachine } from '../../../src/flows/sidebar/sidebar.machine';
import { themeMachine } from '../../../src/flows/theme/theme.machine';

const sidebarEvents = {
  'sidebar.toggle': [{ type: 'sidebar.toggle' as const }],
  'sidebar.open': [{ type: 'sidebar.open' as const }],
  'sidebar.close': [{ type: 'sidebar.close' as const }],
  'navigation.done': [{ type: 'navigation.done' as const }],
  'viewport.resized': [
    { type: 'viewport.resized' as const, width: 500 },
    { type: 'viewport.resized' as const, width: 1280 },
  ],
};

export const sidebarWideModel = defineModel({ machine: sidebarMachine, input: { width: 1280 }, events: sidebarEvents });
export const sidebarNarrowModel = defineModel({
  machine: sidebarMachine,
  input: { width: 500 },
  events: sidebarEvents,
});

export const themeModel = defineModel({
  machine: themeMachine,
  events: {
    'theme.select': [
      { type: 'theme.select', theme: 'ocean' },
      { type: 'theme.select', theme: 'not-a-theme' },
    ],
    'session.signedIn': [{ type: 'session.signedIn' }],
    'session.signedOut': [{ type: 'session.signedOut' }],
  },
  actors: {
    readStoredTheme: { done: ['forest', null, 'not-a-theme'], error: [new Error('storage blocked')] },
    loadRemoteTheme: { done: ['sakura', null], error: [new Error('offline')] },
    saveRemoteTheme: { done: [undefined], error: [new Error('offline')] },
  },
});
