import { SCHOOL_NAME } from './logo.tsx';

/** What the header and footer show about the school: the site settings, loaded once per request. */
export type SiteInfo = {
  schoolName: string;
  tagline: string;
  logo: { src: string; width: number | null; height: number | null } | null;
  contact: { email: string; phone: string; address: string };
  /** Already checked: http(s) only. */
  socialLinks: readonly { platform: string; href: string }[];
};

/** Pages that load no settings (auth, the generic 404) show this. */
export const DEFAULT_SITE: SiteInfo = {
  schoolName: SCHOOL_NAME,
  tagline: '',
  logo: null,
  contact: { email: '', phone: '', address: '' },
  socialLinks: [],
};

export const DEFAULT_ABOUT = 'Traditional karate for children and adults. Respect, discipline and confidence, one class at a time.';
