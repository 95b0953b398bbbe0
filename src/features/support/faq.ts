import { creditPacks, plans } from '../../catalog';

const usd = (n: number) => `$${n}`;
const planSummary = plans
  .map(
    (p) =>
      `${p.name}: ${p.credits.toLocaleString('en-US')} credits a month for ${usd(p.priceMonthly)} monthly or ${usd(p.priceAnnually)} a month billed annually`,
  )
  .join('; ');
const packSummary = creditPacks
  .map((p) => `${p.credits.toLocaleString('en-US')} credits for ${usd(p.price)}`)
  .join(', ');

export interface Faq {
  id: string;
  question: string;
  answer: string;
}

/** The six questions of the support page (SUPPORT-1, SUPPORT-2), answered from the catalogue and the billing rules. */
export const faqs: readonly Faq[] = [
  {
    id: 'credits',
    question: 'What are credits and how do they work?',
    answer:
      'Credits are how you pay for generations. Every tool shows its cost in credits before you run it, and the cost is taken from your balance when a generation starts. If a generation fails, its credits are returned. Credits expire at the end of each billing cycle and do not carry over.',
  },
  {
    id: 'subscription',
    question: 'What does a subscription include?',
    answer: `Each plan gives you a monthly allowance of credits, access to every image, video, text, audio and 3D tool, and commercial use of what you create. ${planSummary}. Standard includes Support, Pro includes Priority Support and Enterprise includes Premium Support.`,
  },
  {
    id: 'cancel',
    question: 'How do I cancel my subscription?',
    answer:
      'Open Settings and choose Cancel subscription in the Billing section. Cancelling stops future payments; you keep access to your plan and its credits until the end of the current billing period.',
  },
  {
    id: 'get-credits',
    question: 'How can I get more credits?',
    answer: `Subscribe to a plan for a monthly allowance, or buy a one-time credit pack at any time: ${packSummary}.`,
  },
  {
    id: 'payment',
    question: 'Which payment methods do you accept?',
    answer:
      'You can pay by card and with a digital wallet. Payments are processed securely by our card payment provider; we never see or store your full card details.',
  },
  {
    id: 'privacy',
    question: 'Is my data private?',
    answer:
      'Yes. We keep only what the service needs: your email, a hashed password, your theme choice and your generations. We do not sell your data, and deleting your account removes it. See the Privacy Policy for details.',
  },
];

export const supportEmail = 'support@atelier.app';
