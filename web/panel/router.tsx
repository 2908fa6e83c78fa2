import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/** Client-side navigation inside a panel: push the URL and let PanelApp re-read it. */
export function navigate(href: string) {
  window.history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** A real link (works in a new tab, without JavaScript) that navigates in place on a plain click. */
export function PanelLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  function handle(e: MouseEvent<HTMLAnchorElement>) {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  }
  return <a href={href} onClick={handle} {...rest} />;
}

/** `/admin/users/` → `users`; the panel's own base → ''. */
export const subPath = (pathname: string, base: string) => pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
