type Props = { src: string; width?: number | null | undefined; height?: number | null | undefined; card?: boolean };

/** A content image with its box reserved: a detail page's leads the page and loads first, a card's loads lazily. */
export function CoverImage({ src, width, height, card }: Props) {
  return card ? (
    <img className="card-media" src={src} alt="" width={width ?? 640} height={height ?? 400} loading="lazy" decoding="async" />
  ) : (
    <img className="detail-media" src={src} alt="" width={width ?? 960} height={height ?? 600} fetchPriority="high" />
  );
}
