/** Where "Book a free trial class" leads: the contact form, with the subject filled in. */
export const TRIAL_HREF = '/contact?subject=Free%20trial%20class';

/** Enrolment happens after creating an account; the register page sends people back here afterwards. */
export const registerHref = (next: string) => `/auth/register?next=${encodeURIComponent(next)}`;

export const courseHref = (slug: string) => `/courses/${encodeURIComponent(slug)}`;
export const postHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
export const eventHref = (id: string) => `/events/${encodeURIComponent(id)}`;
