import { formatLongDate, localDay } from '#web/components/format.ts';
import type { ReactNode } from 'react';
import { PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import { DEFAULT_SITE, type SiteInfo } from '#web/components/site-info.ts';
import { TextBlocks } from '#web/components/text-blocks.tsx';

export const LEGAL_UPDATED = { iso: '2026-11-01', label: 'November 1, 2026' };

/** The text an admin saved in the settings (plain text) and when; the built-in text is used without it. */
export type LegalText = { text: string; updatedAt: string | null };

/** What the built-in text names: the school (from the settings) and where to write ("at" its e-mail, else "through" the contact form). */
export type LegalFacts = { school: string; contact: ReactNode };

/** One legal document: its heading band and the built-in text, both naming the school. */
export type LegalDoc = { title: string; intro: (school: string) => string; current: string; Body: (props: LegalFacts) => ReactNode };
export type LegalPageProps = { site?: SiteInfo | undefined; custom?: LegalText | undefined };

/** A legal page: a heading band with the last-updated date, then the saved text or the built-in one. */
export function LegalPage({ doc, site, custom }: LegalPageProps & { doc: LegalDoc }) {
  const { schoolName: school, contact, timeZone } = site ?? DEFAULT_SITE;
  const useCustom = !!custom?.text.trim();
  const updated =
    useCustom && custom?.updatedAt
      ? { iso: localDay(custom.updatedAt, timeZone), label: formatLongDate(custom.updatedAt, timeZone) }
      : LEGAL_UPDATED;
  return (
    <SiteLayout current={doc.current} site={site}>
      <PageHead eyebrow="Legal" title={doc.title} lead={doc.intro(school)}>
        <p className="muted">
          Last updated: <time dateTime={updated.iso}>{updated.label}</time>
        </p>
      </PageHead>
      <div className="section">
        <div className="container">
          <div className="prose">
            {useCustom && custom ? (
              <TextBlocks text={custom.text} />
            ) : (
              <doc.Body school={school} contact={<ContactLink email={contact.email} />} />
            )}
          </div>
        </div>
      </div>
    </SiteLayout>
  );
}

/** "write to us …": at the school's e-mail address, else through the contact form. */
function ContactLink({ email }: { email: string }) {
  return email ? (
    <>
      at <a href={`mailto:${email}`}>{email}</a>
    </>
  ) : (
    <>
      through <a href="/contact">our contact form</a>
    </>
  );
}
