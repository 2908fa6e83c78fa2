import { Island } from '#web/components/island.tsx';
import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { Pager, pageHref } from '#web/components/pager.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import GalleryLightbox from '#web/islands/GalleryLightbox.tsx';
import { galleryItems } from './gallery-items.ts';
import type { AssetView } from './view-types.ts';

type GalleryData = { site: SiteInfo; assets: readonly AssetView[]; pagination: { page: number; totalPages: number } };

/** Photos and videos of the dojo; the lightbox island enhances plain links to the files. */
export function GalleryPage({ site, assets, pagination }: GalleryData) {
  const items = galleryItems(assets);
  return (
    <SiteLayout current="/gallery" site={site}>
      <PageHead eyebrow="Gallery" title="Life at the dojo" lead="Classes, gradings, tournaments and seminars in pictures and video." />
      <div className="section">
        <div className="container">
          {items.length ? (
            <Island
              name="GalleryLightbox"
              component={GalleryLightbox}
              props={{ items, label: `Photos and videos, page ${pagination.page}` }}
              hydrate="idle"
            />
          ) : (
            <EmptyState>Photos of classes and events will appear here soon.</EmptyState>
          )}
          <Pager
            page={pagination.page}
            totalPages={pagination.totalPages}
            href={(p) => pageHref('/gallery', {}, p)}
            label="Gallery pages"
          />
        </div>
      </div>
    </SiteLayout>
  );
}
