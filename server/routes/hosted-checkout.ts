/** /checkout/{id}: the local provider's hosted checkout page, its Pay button and its Cancel link. */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import {
  cancelHostedCheckout,
  payHostedCheckout,
  showHostedCheckout,
  type HostedCheckoutAnswer,
} from '../services/hosted-checkout';

const answer = (c: Context<AppEnv>, result: HostedCheckoutAnswer) =>
  'redirect' in result ? c.redirect(result.redirect, 303) : c.html(result.html, result.status);

export const hostedCheckoutRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/:id', async (c) => answer(c, await showHostedCheckout(c.var.deps, c.req.param('id'), c.req.query('key'))))
  .post('/:id/pay', async (c) => {
    // The page's form posts the session's key; a bare session id is refused.
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const key = typeof form['key'] === 'string' ? form['key'] : undefined;
    return answer(c, await payHostedCheckout(c.var.deps, c.req.param('id'), key));
  })
  .get('/:id/cancel', async (c) =>
    answer(c, await cancelHostedCheckout(c.var.deps, c.req.param('id'), c.req.query('key'))),
  );
