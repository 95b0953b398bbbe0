/**
 * The hosted checkout page of the local payment provider, served by the server at /checkout/:sessionId.
 * Self-contained HTML (inline CSS, no script) that works at phone and desktop widths, light and dark.
 * Every interpolated value goes through escapeHtml.
 */
import { escapeHtml, standalonePage } from '../lib/html';
import type { CheckoutKind } from './types';
import { checkoutActionAddress } from '../../src/api/operations/addresses';

export interface HostedCheckoutPageView {
  readonly sessionId: string;
  /** The session's secret, posted back by Pay and carried by Cancel. */
  readonly checkoutKey?: string;
  readonly description: string;
  readonly amountCents: number;
  readonly currency: 'usd';
  readonly email: string;
  readonly kind: CheckoutKind;
  readonly credits: number;
  readonly billingCycle?: 'monthly' | 'annually';
  readonly error?: string;
}

export function formatMoney(amountCents: number, currency: 'usd' = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountCents / 100,
  );
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f4f7;--card:#fff;--text:#16161d;--muted:#5c5c6e;--border:#e2e2ea;
--accent:#5b5bf0;--accent-text:#fff;--note-bg:#fff7e0;--note-text:#6b4e00;--err-bg:#fdecec;--err-text:#9b1c1c}
@media (prefers-color-scheme:dark){:root{--bg:#0f0f14;--card:#1a1a23;--text:#f1f1f6;--muted:#a0a0b4;
--border:#2c2c3a;--accent:#7b7bff;--accent-text:#0f0f14;--note-bg:#2e2610;--note-text:#f5d77a;
--err-bg:#3a1616;--err-text:#ffb4b4}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:460px;background:var(--card);border:1px solid var(--border);border-radius:16px;
padding:28px;box-shadow:0 10px 30px rgba(0,0,0,.08)}
.brand{font-weight:700;letter-spacing:.02em;color:var(--muted);font-size:14px;text-transform:uppercase;margin:0 0 8px}
h1{font-size:22px;margin:0 0 20px;overflow-wrap:anywhere}
dl{margin:0 0 20px;display:grid;grid-template-columns:auto 1fr;gap:10px 16px}
dt{color:var(--muted)}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.total{border-top:1px solid var(--border);padding-top:14px;font-weight:700;font-size:18px}
.note{background:var(--note-bg);color:var(--note-text);border-radius:10px;padding:12px 14px;font-size:14px;margin:0 0 20px}
.error{background:var(--err-bg);color:var(--err-text);border-radius:10px;padding:12px 14px;font-size:14px;margin:0 0 20px}
form{margin:0}
button,.cancel{display:block;width:100%;text-align:center;border-radius:10px;padding:13px 16px;font:inherit;font-weight:600;text-decoration:none}
button{background:var(--accent);color:var(--accent-text);border:0;cursor:pointer}
button:hover{filter:brightness(1.08)}button:focus-visible,.cancel:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.cancel{margin-top:10px;color:var(--muted);border:1px solid var(--border)}
.cancel:hover{color:var(--text)}
@media (min-width:900px){main{padding:36px}h1{font-size:26px}}
`;

// The hosted page sends no referrer (the session id is in its address).
const page = (title: string, body: string) =>
  standalonePage({ title, style: STYLE, body, head: '<meta name="referrer" content="no-referrer">\n' });

/** "$144.00 billed annually", "$15.00 billed monthly" or "$15.00" for a one-time pack. */
export function totalLabel(
  view: Pick<HostedCheckoutPageView, 'amountCents' | 'currency' | 'kind' | 'billingCycle'>,
): string {
  const money = formatMoney(view.amountCents, view.currency);
  if (view.kind === 'subscription' && view.billingCycle) return `${money} billed ${view.billingCycle}`;
  return money;
}

export function renderHostedCheckoutPage(view: HostedCheckoutPageView): string {
  const id = encodeURIComponent(view.sessionId);
  const money = formatMoney(view.amountCents, view.currency);
  const credits = new Intl.NumberFormat('en-US').format(view.credits);
  const creditsLabel = view.kind === 'subscription' ? `${credits} credits per month` : `${credits} credits`;
  const kindLabel = view.kind === 'subscription' ? 'Subscription' : 'One-time credit pack';
  return page(
    'Atelier Checkout',
    `<p class="brand">Atelier Checkout</p>
<h1>${escapeHtml(view.description)}</h1>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<dl>
<dt>Type</dt><dd>${escapeHtml(kindLabel)}</dd>
<dt>Credits</dt><dd>${escapeHtml(creditsLabel)}</dd>
<dt>Email</dt><dd>${escapeHtml(view.email)}</dd>
<dt class="total">Total</dt><dd class="total">${escapeHtml(totalLabel(view))}</dd>
</dl>
<p class="note" role="note">This is the local test checkout: no card is charged and no payment details are asked for.</p>
<form method="post" action="${escapeHtml(checkoutActionAddress(id, 'pay'))}">
${view.checkoutKey ? `<input type="hidden" name="key" value="${escapeHtml(view.checkoutKey)}">\n` : ''}<button type="submit">Pay ${escapeHtml(money)}</button>
</form>
<a class="cancel" href="${escapeHtml(checkoutActionAddress(id, 'cancel'))}${view.checkoutKey ? `?key=${encodeURIComponent(view.checkoutKey)}` : ''}">Cancel</a>`,
  );
}

/** A short page for 'already paid', 'not found' and similar outcomes. */
export function renderHostedCheckoutMessage(title: string, text: string, linkHref: string, linkText: string): string {
  return page(
    `${title} · Atelier Checkout`,
    `<p class="brand">Atelier Checkout</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<a class="cancel" href="${escapeHtml(linkHref)}">${escapeHtml(linkText)}</a>`,
  );
}
