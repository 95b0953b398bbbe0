/**
 * MODEL-6: the offline models work with the network unreachable. The tools run in a child process in a
 * new network namespace (`unshare -rn`: only a loopback that is down; -r maps the user to root in it, so it needs no privileges where user namespaces are allowed), so its worker threads are cut off
 * too; the child checks that the registry is unreachable before it runs them.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const child = path.join(root, 'tests/server/models/offline-child.ts');

describe('offline models without a network', () => {
  it('MODEL-6: restore, image to text and moderation work in a network namespace of their own', () => {
    const run = spawnSync('unshare', ['-rn', process.execPath, '--import', 'tsx', child], {
      cwd: root,
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
    const answer = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(answer).toMatchObject({
      network: 'unreachable',
      restore: 'ESRGAN-slim 2× (offline model)',
      text: expect.stringMatching(/(likely|possibly) one person/),
      unsafe: expect.any(Number),
    });
  }, 300_000);
});
