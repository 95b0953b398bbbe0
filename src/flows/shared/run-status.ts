/** A run of the account as GET /api/runs lists it: still waiting or being made, or ended (RUNS-7, RUNS-14). */
import type { Run } from '../../api/schemas';

const activeStatuses: ReadonlySet<string> = new Set(['queued', 'starting', 'processing']);

/** A run still waiting or being made (the tray offers Cancel on it; a tool page may follow it). */
export const isActive = (run: Pick<Run, 'status'>): boolean => activeStatuses.has(run.status);
