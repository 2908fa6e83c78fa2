import { isSocialPlatform, PLATFORM_LABELS } from '#core/social/platforms.ts';
import { Brand } from './logo.tsx';
import { DEFAULT_ABOUT, DEFAULT_SITE, type SiteInfo } from './site-info.ts';

const EXPLORE = [
  { href: '/about', label: 'About us' },
  { href: '/courses', label: 'Courses' },
  { href: '/memberships', label: 'Memberships' },
  { href: '/classes', label: 'Class timetable' },
  { href: '/events', label: 'Events and seminars' },
  { href: '/gallery', label: 'Gallery' },
  { href: '/blog', label: 'Blog' },
  { href: '/testimonials', label: 'Testimonials' },
  { href: '/alliances', label: 'Alliances' },
  { href: '/teach', label: 'Teach at the dojo' },
] as const;

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Footer: the school's contact details from the settings, links and the legal pages. */
export function SiteFooter({ site = DEFAULT_SITE }: { site?: SiteInfo }) {
  const { contact } = site;
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="grid footer-grid">
          <div>
            <Brand site={site} />
            <p className="footer-about">{site.tagline || DEFAULT_ABOUT}</p>
          </div>
          <div id="contact">
            <h2>Visit us</h2>
            <address>
              {contact.address && <p className="footer-address">{contact.address}</p>}
              {contact.phone && (
                <p>
                  <a href={telHref(contact.phone)}>{contact.phone}</a>
                </p>
              )}
              {contact.email && (
                <p>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </p>
              )}
              <p>
                <a href="/contact">Send us a message</a>
              </p>
            </address>
            {site.socialLinks.length > 0 && (
              <ul className="footer-social" aria-label="Follow us">
                {site.socialLinks.map((s) => (
                  <li key={s.platform}>
                    <a href={s.href} rel="noopener noreferrer">
                      {isSocialPlatform(s.platform) ? PLATFORM_LABELS[s.platform] : s.platform}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <nav aria-label="Footer">
            <h2>Explore</h2>
            <ul className="footer-links">
              {EXPLORE.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
              <li>
                <a href="/auth/login">Log in</a>
              </li>
            </ul>
          </nav>
        </div>
        <div className="footer-bottom">
          <p>{`© ${new Date().getFullYear()} ${site.schoolName}`}</p>
          <nav aria-label="Legal">
            <ul className="footer-legal">
              <li>
                <a href="/legal/privacy-policy">Privacy Policy</a>
              </li>
              <li>
                <a href="/legal/terms-and-conditions">Terms and Conditions</a>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
