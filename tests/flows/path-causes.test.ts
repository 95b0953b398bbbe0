/**
 * Every answer the path tests hold and give says how a tester causes it on a real server, or why it
 * cannot be caused there (tests/paths/causes.ts): each event driver of each path adapter that answers
 * the test server has a cause, and each cause belongs to a driver. No browser: the drivers are read,
 * not run (runPath fails a path whose answer still has no cause).
 */
import { describe, expect, it } from 'vitest';
import { pathGroups } from '../paths/adapters';
import { answersServer, causeKey, causeOf, type Cause } from '../paths/causes';
import type { PathAdapter } from '../paths/harness';

const adapters: PathAdapter[] = Object.values(pathGroups).flat();

/** The drivers of an adapter that answer the server and name no cause, one line each. */
export function uncaused(adapter: PathAdapter): string[] {
  const causes: Record<string, Cause> = adapter.causes ?? {};
  const drivers = Object.entries(adapter.events).filter(([, driver]) => answersServer(driver));
  if (answersServer(adapter.start)) drivers.push(['start', adapter.start as never]);
  return drivers.filter(([type]) => causeKey(causes, type) === undefined).map(([type]) => `${adapter.name}: ${type}`);
}

describe('the causes of the path tests’ server answers', () => {
  it('finds a driver that answers without a cause (the check works)', () => {
    const bare: PathAdapter = {
      name: 'door',
      models: [],
      start: async () => 'open the hall',
      events: {
        'door.open': async ({ server }) => server.answer('POST', '/api/door', 200, {}),
        'door.look': async () => 'look at the door',
      },
    };
    expect(uncaused(bare)).toEqual(['door: door.open']);
    expect(uncaused({ ...bare, causes: { 'door.*': 'open the door with its key' } })).toEqual([]);
    const chosen = causeOf(
      { 'door.*': (_e, a) => (a.status === 200 ? 'its key' : 'a wrong key') },
      { type: 'door.open' },
      {
        method: 'POST',
        path: '/api/door',
        status: 403,
        body: {},
      },
    );
    expect(chosen).toBe('a wrong key');
  });

  for (const adapter of adapters)
    it(`${adapter.name}: every driver that answers the server names how to cause the answer, and every cause has its driver`, () => {
      expect(uncaused(adapter)).toEqual([]);
      const stale = Object.keys(adapter.causes ?? {}).filter(
        (key) => key !== 'start' && causeKey(adapter.events as unknown as Record<string, Cause>, key) === undefined,
      );
      expect(stale).toEqual([]);
    });
});
