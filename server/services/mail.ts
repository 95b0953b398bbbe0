/**
 * Outgoing email through nodemailer. Local mode (no SMTP_URL) writes each message as JSON to
 * DATA_DIR/outbox, which GET /dev/outbox lists; SMTP_URL sends for real.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { escapeHtml } from '../lib/html';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly links: readonly string[];
}

export interface OutboxEntry extends MailMessage {
  readonly sentAt: string;
}

export interface Mailer {
  readonly mode: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** Newest first; only in outbox mode. */
  list(): Promise<OutboxEntry[]>;
}

export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(m) {
        await transport.sendMail({ from: options.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      list: async () => [],
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    mode: 'outbox',
    async send(m) {
      // Goes through nodemailer so addresses are checked the same way as with SMTP.
      await transport.sendMail({ from: options.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const sentAt = new Date();
      const name = `${sentAt.getTime().toString().padStart(15, '0')}-${crypto.randomBytes(6).toString('hex')}.json`;
      const entry: OutboxEntry = { ...m, sentAt: sentAt.toISOString() };
      await fs.writeFile(path.join(options.outboxDir, name), JSON.stringify(entry, null, 2));
    },
    async list() {
      let names: string[];
      try {
        names = await fs.readdir(options.outboxDir);
      } catch {
        return [];
      }
      names = names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse();
      const entries = await Promise.all(
        names.map(async (n) => JSON.parse(await fs.readFile(path.join(options.outboxDir, n), 'utf8')) as OutboxEntry),
      );
      return entries;
    },
  };
}

function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
    links: [link],
  };
}

/** '24 hours', '1 hour', '30 minutes': how long a link lives, for the text of an email. */
export function describeLifetime(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return ms >= 3_600_000
    ? plural(Math.round(ms / 3_600_000), 'hour')
    : plural(Math.max(1, Math.round(ms / 60_000)), 'minute');
}

export function verificationMail(to: string, link: string, lifetimeMs = 24 * 3_600_000): MailMessage {
  return linkMail(
    to,
    'Verify your Atelier email',
    'Welcome to Atelier! Please confirm your email address.',
    'Verify email',
    link,
    `This link expires in ${describeLifetime(lifetimeMs)}. If you did not create an account, ignore this message.`,
  );
}

export function resetMail(to: string, link: string): MailMessage {
  return linkMail(
    to,
    'Reset your Atelier password',
    'We received a request to reset your password.',
    'Reset password',
    link,
    'This link expires in 1 hour and works once. If you did not ask for it, ignore this message.',
  );
}

/** To the owner of an email someone tried to register again (register answers the same either way). */
export function accountExistsMail(to: string, appUrl: string): MailMessage {
  return linkMail(
    to,
    'Your Atelier account',
    'Someone tried to create an Atelier account with this email address, which already has one.',
    'Sign in or reset your password',
    `${appUrl}/`,
    'If it was you, sign in, or use "Forgot password" if you do not remember it. If not, you can ignore this message.',
  );
}

export function outboxHtml(entries: readonly OutboxEntry[]): string {
  const items = entries
    .map(
      (e) => `<article><h2>${escapeHtml(e.subject)}</h2><p>To ${escapeHtml(e.to)} · ${escapeHtml(e.sentAt)}</p>
<pre>${escapeHtml(e.text)}</pre>${e.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('')}</article>`,
    )
    .join('<hr>');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · Atelier</title></head>
<body><h1>Outbox</h1><p>Emails written by the local mail mode, newest first.</p>${items || '<p>No messages yet.</p>'}</body></html>`;
}
