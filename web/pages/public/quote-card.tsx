import { safeHref } from '#web/components/safe-url.ts';
import type { TestimonialView } from './view-types.ts';

/** A testimonial: the quote, who said it, and their stars when given. */
export function QuoteCard({ t }: { t: TestimonialView }) {
  const photo = safeHref(t.photo);
  const rating = t.rating && t.rating >= 1 && t.rating <= 5 ? t.rating : null;
  return (
    <figure className="card quote">
      {rating && (
        <p className="stars">
          <span role="img" aria-label={`Rated ${rating} out of 5`}>
            {'★'.repeat(rating) + '☆'.repeat(5 - rating)}
          </span>
        </p>
      )}
      <blockquote>
        <p>{`“${t.quote}”`}</p>
      </blockquote>
      <figcaption className="quote-by">
        {photo && <img className="quote-photo" src={photo} alt="" width={48} height={48} loading="lazy" decoding="async" />}
        <span>
          <strong>{t.name}</strong>
          {t.role && <span className="muted">{`, ${t.role}`}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
