import type { PostMediaView } from './social-api.ts';

type Media = Pick<PostMediaView, '_id' | 'url' | 'mediaType' | 'title'> & { altText: string | null };

/** Thumbnails of a post's media in order; a video shows its first frame, muted, without controls. */
export function MediaStrip({ media, small }: { media: readonly Media[]; small?: boolean }) {
  return (
    <ul className={`social-media-strip${small ? ' social-media-strip-small' : ''}`} aria-label="Media">
      {media.map((m) => (
        <li key={m._id}>
          <MediaThumb media={m} />
        </li>
      ))}
    </ul>
  );
}

export function MediaThumb({ media: m }: { media: Media }) {
  if (m.mediaType === 'video')
    return <video src={m.url} muted preload="metadata" aria-label={m.title || 'Video'} className="social-thumb" />;
  return <img src={m.url} alt={m.altText || m.title || ''} loading="lazy" className="social-thumb" />;
}
