/** The caller's address for rate limits: the socket's peer, or with TRUST_PROXY=1 the last X-Forwarded-For hop. */
import type { Context } from 'hono';
import type { AppEnv } from '../context';

export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last) return last;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
