/** GET /dev/outbox: the emails the local mail mode wrote, as JSON or, for people, HTML. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { outboxHtml } from '../services/mail';

export const outboxRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { mailer, mail } = c.var.deps;
  if (mailer.mode !== 'outbox') return c.json({ message: 'Not found' }, 404);
  // What is queued is shown too: delivery runs after the answer of the request that queued it.
  await mail.deliverDue();
  const entries = await mailer.list();
  const accept = c.req.header('accept') ?? '';
  const wantsHtml =
    c.req.query('format') === 'html' ||
    (c.req.query('format') !== 'json' &&
      accept.includes('text/html') &&
      accept.indexOf('text/html') < (accept.indexOf('application/json') + 1 || Infinity));
  return wantsHtml ? c.html(outboxHtml(entries)) : c.json(entries);
});
