import { DEFAULT_SCHOOL_NAME } from '#core/settings/settings-options.ts';
import { DEFAULT_SCHOOL_TIME_ZONE } from '#core/time-zone.ts';

/** What the header and footer show about the school: the site settings, loaded once per request. */
export type SiteInfo = {
  schoolName: string;
  tagline: string;
  logo: { src: string; width: number | null; height: number | null } | null;
  contact: { email: string; phone: string; address: string };
  /** Already checked: http(s) only. */
  socialLinks: readonly { platform: string; href: string }[];
  /** The school's IANA zone (settings): every date a page shows is read on its clocks. */
  timeZone: string;
};

/** What a page's brand needs (the panel shell gets only this, as island props, with the school's zone). */
export type SiteBrand = Pick<SiteInfo, 'schoolName' | 'logo' | 'timeZone'>;

/** Pages rendered without the settings (a page component's default) show this. */
export const DEFAULT_SITE: SiteInfo = {
  schoolName: DEFAULT_SCHOOL_NAME,
  tagline: '',
  logo: null,
  contact: { email: '', phone: '', address: '' },
  socialLinks: [],
  timeZone: DEFAULT_SCHOOL_TIME_ZONE,
};

export const DEFAULT_ABOUT = 'Traditional karate for children and adults. Respect, discipline and confidence, one class at a time.';
