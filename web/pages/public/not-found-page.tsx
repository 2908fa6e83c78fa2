import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';

/** The public site's 404 page, for every path nobody handles. */
export function NotFoundPage({ site }: { site?: SiteInfo | undefined }) {
  return (
    <SiteLayout site={site}>
      <section className="section not-found" aria-labelledby="nf-title">
        <div className="container">
          <span className="eyebrow">Error 404</span>
          <h1 id="nf-title">Page not found</h1>
          <p className="lead">Sorry, we couldn't find the page you were looking for. It may have moved, or the address may be mistyped.</p>
          <div className="btn-row">
            <a className="btn btn-primary" href="/">
              Return to Homepage
            </a>
            <a className="btn btn-secondary" href="/contact">
              Contact us
            </a>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
