import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { Price } from '#web/components/price.tsx';
import { CoverImage } from '#web/components/cover-image.tsx';
import { safeHref } from '#web/components/safe-url.ts';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { registerHref } from './links.ts';
import type { MembershipDto } from './view-types.ts';

const duration = (months: number) => (months === 1 ? 'per month' : months === 12 ? 'per year' : `for ${months} months`);

/** Memberships with their plans and prices. */
export function MembershipsPage({ site, memberships }: { site: SiteInfo; memberships: readonly MembershipDto[] }) {
  return (
    <SiteLayout current="/memberships" site={site}>
      <PageHead
        eyebrow="Memberships"
        title="Train all year round"
        lead="A membership gives you regular classes, gradings and the whole dojo community. Choose the plan that suits you."
      />
      <div className="section">
        <div className="container">
          {memberships.length ? (
            <div className="grid membership-grid">
              {memberships.map((m) => {
                const image = safeHref(m.image);
                return (
                  <article
                    className={m.featured ? 'card membership membership-featured' : 'card membership'}
                    key={m._id}
                    aria-labelledby={`m-${m._id}`}
                  >
                    {image && <CoverImage card src={image} />}
                    {m.featured && <span className="badge">Most popular</span>}
                    <h2 id={`m-${m._id}`} className="card-title">
                      {m.name}
                    </h2>
                    {m.description && <p className="muted">{m.description}</p>}
                    {m.benefits.length > 0 && (
                      <ul className="benefits">
                        {m.benefits.map((b, i) => (
                          <li key={i}>{b}</li>
                        ))}
                      </ul>
                    )}
                    {m.plans.length ? (
                      <ul className="plans" aria-label={`${m.name} plans`}>
                        {m.plans.map((p) => (
                          <li key={p._id} className="plan">
                            <span className="plan-name">{p.name}</span>
                            <span className="plan-price">
                              <Price price={p.price} discountPrice={p.discountPrice} />
                              <span className="muted">{` ${duration(p.durationMonths)}`}</span>
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="muted">Plans for this membership will be published soon.</p>
                    )}
                    <a className="btn btn-primary card-cta" href={registerHref('/memberships')}>
                      {`Join ${m.name}`}
                    </a>
                  </article>
                );
              })}
            </div>
          ) : (
            <EmptyState>
              Membership plans are being updated. <a href="/contact">Contact us</a> for current prices.
            </EmptyState>
          )}
        </div>
      </div>
    </SiteLayout>
  );
}
