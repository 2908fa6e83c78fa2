import { describeImage } from './illustrations.ts';

type Props = { src: string; width?: number | null | undefined; height?: number | null | undefined; card?: boolean; name?: string };

/**
 * A content image with its box reserved: a detail page's leads the page, loads first and says what it
 * shows (the drawing's description, else the item's `name`); a card's loads lazily and stays silent
 * beside its title link.
 */
export function CoverImage({ src, width, height, card, name }: Props) {
  return card ? (
    <img className="card-media" src={src} alt="" width={width ?? 640} height={height ?? 400} loading="lazy" decoding="async" />
  ) : (
    <img
      className="detail-media"
      src={src}
      alt={name ? describeImage(src, name) : ''}
      width={width ?? 960}
      height={height ?? 600}
      fetchPriority="high"
    />
  );
}
