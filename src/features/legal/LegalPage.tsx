import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import type { LegalDocument } from './documents';

export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <article className={`${page.page} ${page.narrow}`}>
      <header className={page.header}>
        <p className={page.eyebrow}>Legal</p>
        <h1 className={page.title}>{doc.title}</h1>
        <p className={page.muted} style={{ margin: 0 }}>
          Last updated {doc.updated}
        </p>
      </header>
      {doc.sections.map((section, i) => (
        <section key={section.heading} className={card.padded}>
          <h2 className={page.sectionTitle}>
            {i + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((p) => (
            <p key={p} className={page.muted} style={{ marginBottom: 0, lineHeight: 1.7 }}>
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
