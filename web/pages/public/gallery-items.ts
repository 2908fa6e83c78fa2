import { safeHref } from '#web/components/safe-url.ts';
import type { AssetView } from './view-types.ts';

/** One gallery tile, as the GalleryLightbox island receives it (plain JSON). */
export type GalleryItem = {
  id: string;
  kind: 'image' | 'video';
  /** The image or video file; for an external video, the page it lives on. */
  src: string;
  title: string;
  alt: string;
  width: number;
  height: number;
  /** External videos (YouTube, Vimeo…) open on their own site rather than in the lightbox. */
  external: boolean;
  /** A still shown before a video plays; null shows the play tile. */
  poster: string | null;
};

const PLAYABLE = /\.(mp4|webm)(\?|#|$)/i;
/** A video the site ships (web/public/video) has its poster beside it: the same name in WebP. Uploads have none yet. */
const SHIPPED_VIDEO = /^\/video\/[\w-]+\.(mp4|webm)$/;
const posterOf = (src: string) => (SHIPPED_VIDEO.test(src) ? src.replace(/\.(mp4|webm)$/, '.webp') : null);

/** Assets to gallery items; an asset whose URL is not http(s) (or our own file) is left out. */
export function galleryItems(assets: readonly AssetView[]): GalleryItem[] {
  const out: GalleryItem[] = [];
  assets.forEach((a, i) => {
    const src = safeHref(a.url);
    if (!src) return;
    const kind = a.mediaType === 'video' ? 'video' : 'image';
    const title = a.title.trim();
    out.push({
      id: a._id,
      kind,
      src,
      title,
      alt: a.altText.trim() || title || `Gallery ${kind} ${i + 1}`,
      width: a.width ?? 800,
      height: a.height ?? 600,
      external: kind === 'video' && a.source !== 'upload' && !PLAYABLE.test(src),
      poster: kind === 'video' ? posterOf(src) : null,
    });
  });
  return out;
}
