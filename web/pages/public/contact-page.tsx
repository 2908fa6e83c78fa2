import { Island } from '#web/components/island.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import ContactForm from '#web/islands/ContactForm.tsx';
import type { ContactFormProps } from './contact-form-model.ts';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The school's contact details and the enquiry form (an island that also works as a plain POST form). */
export function ContactPage({ site, form }: { site: SiteInfo; form: ContactFormProps }) {
  const { contact } = site;
  const hasDetails = !!(contact.address || contact.phone || contact.email);
  return (
    <SiteLayout current="/contact" site={site}>
      <PageHead
        eyebrow="Contact"
        title="Contact us"
        lead="Questions about classes, courses or memberships? Book a free trial class or just say hello — we reply within two working days."
      />
      <div className="section">
        <div className="container contact-layout">
          <section className="card contact-card" aria-labelledby="form-title">
            <h2 id="form-title">Send us a message</h2>
            <p className="muted">All fields are required.</p>
            <Island name="ContactForm" component={ContactForm} props={form} hydrate="idle" />
          </section>
          <aside className="contact-details" aria-labelledby="details-title">
            <h2 id="details-title">{site.schoolName}</h2>
            {hasDetails ? (
              <dl className="detail-facts">
                {contact.address && (
                  <div>
                    <dt>Address</dt>
                    <dd className="pre-line">{contact.address}</dd>
                  </div>
                )}
                {contact.phone && (
                  <div>
                    <dt>Phone</dt>
                    <dd>
                      <a href={telHref(contact.phone)}>{contact.phone}</a>
                    </dd>
                  </div>
                )}
                {contact.email && (
                  <div>
                    <dt>Email</dt>
                    <dd>
                      <a href={`mailto:${contact.email}`}>{contact.email}</a>
                    </dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className="muted">Use the form and we will get back to you by e-mail or phone.</p>
            )}
            <p className="muted">
              Prefer to visit? Drop in before any class on the <a href="/classes">timetable</a> — we are always happy to show you around.
            </p>
          </aside>
        </div>
      </div>
    </SiteLayout>
  );
}
