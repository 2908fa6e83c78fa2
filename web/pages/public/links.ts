/** Where "Book a free trial class" leads: the contact form, with the subject filled in. */
export const TRIAL_HREF = '/contact?subject=Free%20trial%20class';

/** Enrolling needs an account: both pages send people back to `next` (the page with its form open). */
export const registerHref = (next: string) => `/auth/register?next=${encodeURIComponent(next)}`;
export const loginHref = (next: string) => `/auth/login?next=${encodeURIComponent(next)}`;

/** Where a course's or plan's "enrol" leads, and where logging in comes back to. */
export const courseEnrolHref = (slug: string) => `${courseHref(slug)}?enroll=1`;
export const planPurchaseHref = (planId: string) => `/memberships?${new URLSearchParams({ plan: planId, purchase: '1' })}`;
export const TEACH_HREF = '/teach';

export const courseHref = (slug: string) => `/courses/${encodeURIComponent(slug)}`;
export const postHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
export const eventHref = (id: string) => `/events/${encodeURIComponent(id)}`;
