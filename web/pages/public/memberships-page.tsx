import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { Price } from '#web/components/price.tsx';
import { CoverImage } from '#web/components/cover-image.tsx';
import { safeHref } from '#web/components/safe-url.ts';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { formatMoney, toCents } from '#core/money.ts';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { Island } from '#web/components/island.tsx';
import MembershipPurchase from '#web/islands/MembershipPurchase.tsx';
import { planPurchaseHref } from './links.ts';
import type { MembershipDto, MembershipPlanDto } from './view-types.ts';

/** The plan a visitor chose (`?plan=`), and whether they came to buy it (`&purchase=1`). */
export type ChosenPlan = { membership: MembershipDto; plan: MembershipPlanDto; open: boolean };

const duration = (months: number) => (months === 1 ? 'per month' : months === 12 ? 'per year' : `for ${months} months`);

/** Memberships with their plans and prices. */
export function MembershipsPage({
  site,
  memberships,
  chosen = null,
}: {
  site: SiteInfo;
  memberships: readonly MembershipDto[];
  chosen?: ChosenPlan | null;
}) {
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
                            <a
                              className="btn btn-secondary btn-sm plan-choose"
                              href={`${planPurchaseHref(p._id)}#purchase`}
                              aria-label={`Choose ${m.name}, ${p.name}`}
                              aria-current={chosen?.plan._id === p._id ? 'true' : undefined}
                            >
                              Choose
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="muted">Plans for this membership will be published soon.</p>
                    )}
                    {m.plans[0] && (
                      <a className="btn btn-primary card-cta" href={`${planPurchaseHref(m.plans[0]._id)}#purchase`}>
                        {`Join ${m.name}`}
                      </a>
                    )}
                  </article>
                );
              })}
            </div>
          ) : (
            <EmptyState>
              Membership plans are being updated. <a href="/contact">Contact us</a> for current prices.
            </EmptyState>
          )}
          {chosen && (
            <section id="purchase" className="card membership-purchase" aria-labelledby="purchase-title">
              <h2 id="purchase-title" className="card-title">
                Your membership
              </h2>
              <p className="muted">
                {`${chosen.membership.name}, ${chosen.plan.name}: ${formatMoney(toCents(chosen.plan.effectivePrice), MEMBERSHIP_CURRENCY.symbol)} ${duration(chosen.plan.durationMonths)}, plus GST/HST.`}
              </p>
              <Island
                name="MembershipPurchase"
                component={MembershipPurchase}
                props={{
                  membershipId: chosen.membership._id,
                  membershipName: chosen.membership.name,
                  plan: chosen.plan,
                  open: chosen.open,
                }}
                hydrate="load"
              />
            </section>
          )}
        </div>
      </div>
    </SiteLayout>
  );
}
