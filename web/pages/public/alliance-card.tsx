import { safeHref } from '#web/components/safe-url.ts';
import type { AllianceView } from './view-types.ts';

/** A partner school or federation; its website is linked only when it is an http(s) URL. */
export function AllianceCard({ a, full = false }: { a: AllianceView; full?: boolean }) {
  const H = full ? 'h2' : 'h3';
  const logo = safeHref(a.logo);
  const website = safeHref(a.website);
  return (
    <li className={full ? 'card alliance' : 'alliance alliance-compact'}>
      {logo ? (
        <img
          className="alliance-logo"
          src={logo}
          alt=""
          width={a.logoWidth ?? 120}
          height={a.logoHeight ?? 120}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="alliance-initial" aria-hidden="true">
          {a.name.charAt(0).toUpperCase()}
        </span>
      )}
      <div>
        <H className="alliance-name">
          {website ? (
            <a href={website} rel="noopener noreferrer">
              {a.name}
            </a>
          ) : (
            a.name
          )}
        </H>
        {a.country && <p className="muted alliance-country">{a.country}</p>}
        {full && a.description && <p>{a.description}</p>}
      </div>
    </li>
  );
}
