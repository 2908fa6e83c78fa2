import type { SiteInfo } from '#web/components/site-info.ts';
import { AllianceCard } from './alliance-card.tsx';
import { ListingPage } from './listing-page.tsx';
import { QuoteCard } from './quote-card.tsx';
import type { AllianceView, TestimonialView } from './view-types.ts';

type TestimonialsData = { site: SiteInfo; testimonials: readonly TestimonialView[]; pagination: { page: number; totalPages: number } };

export function TestimonialsPage({ site, testimonials, pagination }: TestimonialsData) {
  return (
    <ListingPage
      site={site}
      path="/testimonials"
      eyebrow="Testimonials"
      title="What our students say"
      lead="Students and parents on training at the dojo."
      cards={testimonials.map((t) => (
        <QuoteCard key={t._id} t={t} />
      ))}
      empty="Our students' stories will be shared here soon."
      pager={{ ...pagination, label: 'Testimonial pages' }}
    />
  );
}

export function AlliancesPage({ site, alliances }: { site: SiteInfo; alliances: readonly AllianceView[] }) {
  return (
    <ListingPage
      site={site}
      path="/alliances"
      eyebrow="Alliances"
      title="Our partners"
      lead="The schools and federations we train, grade and compete with."
      cards={alliances.map((a) => (
        <AllianceCard key={a._id} a={a} full />
      ))}
      empty="Our partner schools and federations will be listed here soon."
      list="ul"
      className="grid alliance-grid"
    />
  );
}
