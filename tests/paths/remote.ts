/**
 * A path run against a deployment (PATHS_BASE_URL, `npm run test:paths -- --base-url …`): each path
 * that can be caused for real gets a fresh account on it, registered through its API with an address
 * of its own and verified through its mail outbox (/dev/outbox, the local mail mode), then signed in
 * once for a token; a path that registers gets a second, unused address, and may register it through the
 * API and read the link mailed to it (a verification link, say).
 */
import { expect } from 'vitest';
import { api, loginToken, mailedPath, uniqueEmail, verifiedUser } from '../e2e/accounts';
import type { RealAccount } from './real';

/** A fresh, verified account on the deployment at `base`, for one path of `machine`. */
export async function realAccount(base: string, machine: string): Promise<RealAccount> {
  const tag = `paths-${machine.toLowerCase()}`;
  const email = uniqueEmail(tag);
  const password = `path-secret-${Math.random().toString(36).slice(2, 10)}`;
  await verifiedUser(email, password, base);
  const token = await loginToken(email, password, base);
  const { body } = await api<{ credits: number }>('/api/auth/user', { base, token });
  return {
    base,
    email,
    password,
    token,
    credits: body.credits,
    newEmail: uniqueEmail(`${tag}-new`),
    async register(address, secret) {
      expect((await api('/api/auth/register', { base, body: { email: address, password: secret } })).status).toBe(201);
    },
    mailed: (to, subject) => mailedPath(to, subject, base),
  };
}
