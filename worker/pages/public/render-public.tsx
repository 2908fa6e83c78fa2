import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { SiteInfo } from '#web/components/site-info.ts';
import type { AppEnv } from '#worker/env.ts';
import { renderPage, type RenderOptions } from '#worker/pages/render.tsx';

type PublicMeta = Omit<RenderOptions, 'title'> & {
  /** The page's own title; " | <school name>" is added. */
  title: string;
  /** Use the title as it is (the home page). */
  fullTitle?: boolean;
};

/** Meta descriptions stay around the length search engines show. */
export function describe(text: string | null | undefined, fallback: string, max = 160): string {
  const s = (text ?? '').replace(/\s+/g, ' ').trim();
  if (s.length < 50) return fallback;
  return s.length <= max ? s : `${s.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

export function renderPublic(c: Context<AppEnv>, site: SiteInfo, page: ReactNode, meta: PublicMeta): Promise<Response> {
  const { fullTitle, title, ...rest } = meta;
  return renderPage(c, page, { ...rest, siteName: site.schoolName, title: fullTitle ? title : `${title} | ${site.schoolName}` });
}
