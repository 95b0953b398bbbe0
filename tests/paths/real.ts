/**
 * What a path run against a deployment (PATHS_BASE_URL) needs besides the test server's pass-through
 * (test-server.ts): the fresh account each path walks with (remote.ts makes it) and which paths cannot
 * be walked there, with the reason (PathAdapter.real).
 */
import type { EventObject } from 'xstate';
import { initialSnapshot } from '../flows/harness';
import type { PathAdapter, PlannedPath } from './harness';

/** The fresh account a path of a remote run uses: registered and verified on the deployment for it. */
export interface RealAccount {
  /** The deployment's address (PATHS_BASE_URL), for what a path sets up through its API. */
  base: string;
  email: string;
  password: string;
  /** A sign-in token of the account (for a path that starts signed in). */
  token: string;
  /** Its balance once verified (FREE_CREDITS of the deployment). */
  credits: number;
  /** A new address for a path that registers (never registered yet). */
  newEmail: string;
  /** Registers `email` through the deployment's API, not verified: its verification link is in the outbox. */
  register: (email: string, password: string) => Promise<void>;
  /** The path of the newest link mailed to `to` whose subject contains `subject` (the deployment's outbox). */
  mailed: (to: string, subject: string) => Promise<string>;
}

/**
 * Why a path cannot run against a deployment (its first step no real server can be made to cause),
 * or null when every step can be caused for real.
 */
export function realSkip(adapter: PathAdapter, planned: PlannedPath): string | null {
  // Without real causes, only what a person does on the page (no actor's outcome, no delay) runs for real.
  const cannot =
    adapter.real?.cannot ??
    ((event: EventObject) =>
      /^xstate\.(done\.actor|error\.actor|after)\./.test(event.type)
        ? `no real cause is given for the ${adapter.name} machine's actor outcomes and delays (PathAdapter.real)`
        : null);
  for (const [i, step] of planned.path.steps.entries()) {
    const source = i === 0 ? initialSnapshot(planned.model) : planned.path.steps[i - 1]!.state;
    const reason = cannot(step.event, source, i);
    if (reason) return `step ${i + 1} (${step.event.type}): ${reason}`;
  }
  return null;
}
