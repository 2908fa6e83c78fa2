import { formatRange } from '#web/components/format.ts';
import { CoverImage } from '#web/components/cover-image.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { Price } from '#web/components/price.tsx';
import { safeHref } from '#web/components/safe-url.ts';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { TextBlocks } from '#web/components/text-blocks.tsx';
import type { ScheduleItem } from './view-types.ts';

/**
 * One event or seminar: when, where, what, and how to take part: the school's own registration link
 * when it set one, else the contact form with the event as the subject.
 */
export function EventPage({ site, item, now }: { site: SiteInfo; item: ScheduleItem; now: string }) {
  const image = safeHref(item.image);
  const register = safeHref(item.registrationUrl);
  const over = Date.parse(item.endsAt) < Date.parse(now);
  return (
    <SiteLayout current="/events" site={site}>
      <PageHead
        crumb={{ href: '/events', label: 'Events' }}
        eyebrow={over ? `${item.label} · past` : item.label}
        title={item.title}
        lead={<time dateTime={item.startsAt}>{formatRange(item.startsAt, item.endsAt, site.timeZone)}</time>}
      />
      <div className="section">
        <div className="container detail-layout">
          <div className="detail-main prose">
            {image && <CoverImage src={image} name={item.title} />}
            {item.description ? <TextBlocks text={item.description} /> : <p>More details will be shared soon.</p>}
          </div>
          <aside className="card detail-aside" aria-label="Details">
            <dl className="detail-facts">
              <div>
                <dt>When</dt>
                <dd>{formatRange(item.startsAt, item.endsAt, site.timeZone)}</dd>
              </div>
              {item.location && (
                <div>
                  <dt>Where</dt>
                  <dd>{item.location}</dd>
                </div>
              )}
              {item.instructor && (
                <div>
                  <dt>Led by</dt>
                  <dd>{item.instructor}</dd>
                </div>
              )}
              {item.price !== null && (
                <div>
                  <dt>Fee</dt>
                  <dd>{item.price > 0 ? <Price price={item.price} discountPrice={null} /> : 'Free'}</dd>
                </div>
              )}
            </dl>
            {!over &&
              (register ? (
                <a className="btn btn-primary btn-block" href={register} rel="noopener noreferrer">
                  Register
                </a>
              ) : (
                <a className="btn btn-primary btn-block" href={`/contact?subject=${encodeURIComponent(`Register: ${item.title}`)}`}>
                  Register
                </a>
              ))}
          </aside>
        </div>
      </div>
    </SiteLayout>
  );
}
