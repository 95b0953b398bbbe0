import * as RadixAccordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import * as styles from './accordion.css';

export interface AccordionProps {
  children: ReactNode;
  /** Which item starts open (by value); none by default. */
  defaultValue?: string;
}

/** The one wrapper over Radix Accordion: a single item open at a time, collapsible. */
export function Accordion({ children, defaultValue }: AccordionProps) {
  return (
    <RadixAccordion.Root
      type="single"
      collapsible
      className={styles.root}
      {...(defaultValue === undefined ? {} : { defaultValue })}
    >
      {children}
    </RadixAccordion.Root>
  );
}

export interface AccordionItemProps {
  value: string;
  title: ReactNode;
  children: ReactNode;
  /** The level of the item's heading, to follow the page's outline (h3 unless told). */
  level?: 2 | 3;
}

export function AccordionItem({ value, title, children, level = 3 }: AccordionItemProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <RadixAccordion.Item value={value} className={styles.item}>
      <RadixAccordion.Header asChild>
        <Heading className={styles.header}>
          <RadixAccordion.Trigger className={styles.trigger}>
            <span>{title}</span>
            <svg className={styles.chevron} width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
              <path
                d="M6 9l6 6 6-6"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </RadixAccordion.Trigger>
        </Heading>
      </RadixAccordion.Header>
      <RadixAccordion.Content className={styles.content}>{children}</RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
