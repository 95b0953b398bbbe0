import { Link } from '@tanstack/react-router';
import { Accordion, AccordionItem } from '../../components/ui/accordion/accordion';
import * as buttons from '../../components/ui/button/button.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import { faqs, supportEmail } from './faq';

export function SupportPage() {
  return (
    <div className={`${page.page} ${page.narrow}`}>
      <header className={page.header}>
        <p className={page.eyebrow}>Help centre</p>
        <h1 className={page.title}>Support</h1>
        <p className={page.lead}>Answers to the questions we hear most. Still stuck? Write to us.</p>
      </header>
      <section aria-labelledby="faq-title" className={page.page} style={{ gap: 16 }}>
        <h2 id="faq-title" className={page.sectionTitle}>
          Frequently asked questions
        </h2>
        <Accordion>
          {faqs.map((faq) => (
            <AccordionItem key={faq.id} value={faq.id} title={faq.question}>
              <p style={{ margin: 0 }}>{faq.answer}</p>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
      <section className={card.padded} aria-labelledby="contact-title">
        <h2 id="contact-title" className={page.sectionTitle}>
          Contact support
        </h2>
        <p className={page.muted}>We usually answer within one business day.</p>
        <a className={buttons.button.primary} href={`mailto:${supportEmail}`}>
          Email {supportEmail}
        </a>
      </section>
      <section className={card.padded} aria-labelledby="flows-title">
        <h2 id="flows-title" className={page.sectionTitle}>
          How the app behaves
        </h2>
        <p className={page.muted}>
          Every flow (signing in, checkout, account changes) is a statechart you can read and step through.
        </p>
        <Link to="/flows/{-$machine}" params={{}} className={buttons.button.secondary}>
          Browse the flows
        </Link>
      </section>
    </div>
  );
}
