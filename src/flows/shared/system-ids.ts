/** The system ids of the app's long-lived actors (src/app/app.machine.ts): any actor reaches them with `system.get`. */
export const systemIds = {
  session: 'session',
  theme: 'theme',
  sidebar: 'sidebar',
  runs: 'runs',
  pageRuns: 'pageRuns',
} as const;
