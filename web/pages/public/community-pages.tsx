import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { Pager, pageHref } from '#web/components/pager.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { AllianceCard } from './alliance-card.tsx';
import { QuoteCard } from './quote-card.tsx';
import type { AllianceView, TestimonialView } from './view-types.ts';

type TestimonialsData = { site: SiteInfo; testimonials: readonly TestimonialView[]; pagination: { page: number; totalPages: number } };

export function TestimonialsPage({ site, testimonials, pagination }: TestimonialsData) {
  return (
    <SiteLayout current="/testimonials" site={site}>
      <PageHead eyebrow="Testimonials" title="What our students say" lead="Students and parents on training at the dojo." />
      <div className="section">
        <div className="container">
          {testimonials.length ? (
            <div className="grid">
              {testimonials.map((t) => (
                <QuoteCard key={t._id} t={t} />
              ))}
            </div>
          ) : (
            <EmptyState>Our students' stories will be shared here soon.</EmptyState>
          )}
          <Pager
            page={pagination.page}
            totalPages={pagination.totalPages}
            href={(p) => pageHref('/testimonials', {}, p)}
            label="Testimonial pages"
          />
        </div>
      </div>
    </SiteLayout>
  );
}

export function AlliancesPage({ site, alliances }: { site: SiteInfo; alliances: readonly AllianceView[] }) {
  return (
    <SiteLayout current="/alliances" site={site}>
      <PageHead eyebrow="Alliances" title="Our partners" lead="The schools and federations we train, grade and compete with." />
      <div className="section">
        <div className="container">
          {alliances.length ? (
            <ul className="grid alliance-grid">
              {alliances.map((a) => (
                <AllianceCard key={a._id} a={a} full />
              ))}
            </ul>
          ) : (
            <EmptyState>Our partner schools and federations will be listed here soon.</EmptyState>
          )}
        </div>
      </div>
    </SiteLayout>
  );
}
