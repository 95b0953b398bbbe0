export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}
export interface LegalDocument {
  title: string;
  updated: string;
  sections: readonly LegalSection[];
}

export const terms: LegalDocument = {
  title: 'Terms of Service',
  updated: 'November 2026',
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'You need an account with a verified email address to run tools, subscribe or buy credits. Keep your password private; you are responsible for what happens under your account.',
        'You may delete your account at any time from Settings. Deletion is permanent.',
      ],
    },
    {
      heading: 'Credits',
      paragraphs: [
        'Credits are the unit you spend on generations. Each tool shows its cost per run before you start it. Credits are taken when a generation starts and returned if it fails, is cancelled or times out.',
        'Credits have no cash value, cannot be transferred and expire at the end of each billing cycle; they do not carry over.',
      ],
    },
    {
      heading: 'Subscriptions and payments',
      paragraphs: [
        'Plans are billed monthly or annually in advance and renew automatically until cancelled. Credit packs are one-time purchases. Payments are handled by our card payment provider.',
        'When you cancel, you keep access until the end of the period you already paid for. Prices are shown before you pay and may change for future periods with notice.',
      ],
    },
    {
      heading: 'Generated content',
      paragraphs: [
        'You own the content you generate, subject to the rights of others in what you upload. You may use it commercially while you hold a plan or purchased credits.',
        'AI output can be inaccurate or unexpected. Review it before you rely on it or publish it.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Do not use the service to create unlawful, hateful, sexual content involving minors, or deceptive content, to impersonate real people without consent, or to infringe the rights of others.',
        'Do not attempt to disrupt the service, bypass credit charges or access other accounts. We may suspend accounts that break these rules.',
      ],
    },
    {
      heading: 'Liability and changes',
      paragraphs: [
        'The service is provided as is. To the extent the law allows, our liability is limited to the amount you paid in the last twelve months.',
        'We may update these terms; we will tell you by email or in the app before material changes take effect.',
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'November 2026',
  sections: [
    {
      heading: 'Data we keep',
      paragraphs: [
        'Your email address, a hashed password (never the password itself), your chosen theme, your credit balance and history, your subscription status, and the generations you create with their prompts and uploaded images.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'To run your account, perform the generations you request, charge and refund credits, send account emails (verification, password reset, receipts) and keep the service secure. We do not sell your data or use it for advertising.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Card and digital wallet payments are processed by our card payment provider. We receive only what is needed to link a payment to your account, never your full card number.',
      ],
    },
    {
      heading: 'AI providers',
      paragraphs: [
        'To generate content, your prompts and uploaded images are sent to the AI model provider that runs the tool you chose. Results are stored by us so you can view and download them.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        "We use no advertising or tracking cookies. Your browser's local storage keeps two keys: 'token', the sign-in token that keeps you logged in, and 'theme', your colour theme. Signing out removes the token.",
      ],
    },
    {
      heading: 'Your rights and retention',
      paragraphs: [
        'You can read and change your email, password and theme in Settings, and delete your account at any time; deletion removes your personal data and generations, except records we must keep for accounting law.',
        'Questions about privacy: support@atelier.app.',
      ],
    },
  ],
};
