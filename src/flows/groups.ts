/**
 * How people read the flow registry (index.ts): each machine's readable name and the group it is listed
 * in, groups and machines in the order a product owner reads them (the main flow of each group first).
 * The flows viewer lists machines by it, and the path report can name them by it; a test checks that
 * every registered machine is here once.
 */
export interface MachineGroup {
  name: string;
  /** Registry keys (index.ts), in reading order. */
  machines: readonly string[];
}

export const machineGroups: readonly MachineGroup[] = [
  {
    name: 'Session and accounts',
    machines: [
      'session',
      'forgotPassword',
      'resetPassword',
      'verifyEmail',
      'changeEmail',
      'changePassword',
      'deleteAccount',
    ],
  },
  {
    name: 'Tools and runs',
    machines: ['toolRun', 'toolRequest', 'toolPoll', 'toolProgress', 'toolBatch', 'runs', 'pageRuns'],
  },
  {
    name: 'Billing',
    machines: [
      'checkout',
      'checkoutReturn',
      'spending',
      'creditHistory',
      'creditCsv',
      'billingPortal',
      'cancelSubscription',
    ],
  },
  {
    name: 'Creations',
    machines: ['creations', 'creationShare', 'compare', 'refine', 'star', 'collections', 'collection'],
  },
  { name: 'Prompts', machines: ['promptHistory', 'promptStyles', 'enhance', 'clearPromptHistory'] },
  { name: 'Shell', machines: ['sidebar', 'theme'] },
];

/** Each registry key's readable name ("Tool run" for toolRun). */
export const machineNames: Readonly<Record<string, string>> = {
  session: 'Session',
  forgotPassword: 'Forgot password',
  resetPassword: 'Reset password',
  verifyEmail: 'Verify email',
  changeEmail: 'Change email',
  changePassword: 'Change password',
  deleteAccount: 'Delete account',
  toolRun: 'Tool run',
  toolRequest: 'Tool request',
  toolPoll: 'Tool poll',
  toolProgress: 'Tool progress',
  toolBatch: 'Tool batch',
  runs: 'Runs tray',
  pageRuns: 'Page runs',
  checkout: 'Checkout',
  checkoutReturn: 'Checkout return',
  spending: 'Spending',
  creditHistory: 'Credit history',
  creditCsv: 'Credit CSV',
  billingPortal: 'Billing portal',
  cancelSubscription: 'Cancel subscription',
  creations: 'Creations',
  creationShare: 'Creation share',
  compare: 'Compare creations',
  promptHistory: 'Recent prompts',
  promptStyles: 'Prompt styles',
  enhance: 'Enhance prompt',
  clearPromptHistory: 'Clear prompt history',
  refine: 'Upscale and Vary',
  star: 'Star',
  collections: 'Collections',
  collection: 'Collection page',
  sidebar: 'Sidebar',
  theme: 'Theme',
};

/** A machine's readable name; its registry key when it has none. */
export const machineName = (key: string): string => machineNames[key] ?? key;

/** The registry keys by group, with any key the groups miss in a last "Other" group. */
export function groupedMachines(keys: readonly string[]): MachineGroup[] {
  const known = new Set(keys);
  const groups = machineGroups
    .map((g) => ({ name: g.name, machines: g.machines.filter((m) => known.has(m)) }))
    .filter((g) => g.machines.length);
  const listed = new Set(groups.flatMap((g) => g.machines));
  const rest = keys.filter((k) => !listed.has(k));
  return rest.length ? [...groups, { name: 'Other', machines: rest }] : groups;
}
