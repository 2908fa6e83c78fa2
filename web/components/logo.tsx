import type { SiteBrand } from './site-info.ts';

/** The school's mark: a tied black-belt knot on a red disc (drawn, so it needs no font). Decorative next to the name. */
export function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#7f1d1d" />
      <rect x="4.5" y="12.5" width="23" height="4.5" rx="1" fill="#fff" />
      <path d="M14.2 16.5 10.6 25.2l2.7.8 3.1-8zM17.8 16.5l3.6 8.7-2.7.8-3.1-8z" fill="#fff" />
      <rect x="13" y="11.2" width="6" height="7" rx="1.4" fill="#fff" stroke="#7f1d1d" strokeWidth="1" />
    </svg>
  );
}

/** The school's uploaded logo when there is one, else the drawn mark; decorative, the name is beside it. */
export function Brand({ site, label }: { site: SiteBrand; label?: string }) {
  const { logo } = site;
  return (
    <a className="brand" href="/" aria-label={label}>
      {logo ? <img className="brand-logo" src={logo.src} alt="" width={logo.width ?? 36} height={logo.height ?? 36} /> : <LogoMark />}
      <span>{site.schoolName}</span>
    </a>
  );
}
