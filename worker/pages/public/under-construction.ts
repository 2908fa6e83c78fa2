import type { UnderConstructionProps } from '#web/pages/public/under-construction-page.tsx';

export const DEFAULT_TITLE = 'Under Construction';
export const DEFAULT_MESSAGE =
  "We're working hard to bring you something great. This page is being built and will be available soon — thank you for your patience.";
const MAX_TITLE = 80;
const MAX_MESSAGE = 300;

type Input = { query: URLSearchParams; referer: string | undefined; origins: string[] };

const clean = (v: string | null, max: number) => {
  const s = (v ?? '').replace(/\s+/g, ' ').trim();
  return s ? s.slice(0, max) : undefined;
};

/** `YYYY-MM-DD` that is a real calendar date, with its display form; anything else is ignored. */
export function parseLaunchDate(value: string | null): UnderConstructionProps['launch'] {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return undefined;
  const label = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
  return { iso: value, label };
}

/** The Referer when it is one of our own pages (as a path), else the home page: a Go Back that works without JavaScript. */
export function backHref(referer: string | undefined, origins: string[]): string {
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    if (!origins.includes(url.origin)) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

export function underConstructionView({ query, referer, origins }: Input): UnderConstructionProps {
  const launch = parseLaunchDate(query.get('launch'));
  return {
    title: clean(query.get('title'), MAX_TITLE) ?? DEFAULT_TITLE,
    message: clean(query.get('message'), MAX_MESSAGE) ?? DEFAULT_MESSAGE,
    backHref: backHref(referer, origins),
    ...(launch ? { launch } : {}),
  };
}
