import { PLATFORM_LABELS, type SocialPlatform } from '#core/social/platforms.ts';
import { PLATFORM_LIMITS } from '#core/social/platform-limits.ts';
import { MediaStrip } from './media-strip.tsx';
import type { AccountView, AssetView } from './social-api.ts';

/**
 * Where each platform folds a long text in its feed behind "more" (what readers see before they tap),
 * approximated from how the apps show posts; X and YouTube are handled apart.
 */
const FOLD: Record<SocialPlatform, number> = { facebook: 480, instagram: 125, linkedin: 210, tiktok: 150, twitter: 280, youtube: 0 };
/** YouTube titles are at most 100 characters; the post's first line becomes the title. */
const YOUTUBE_TITLE = 100;

const cut = (text: string, max: number) => {
  const chars = Array.from(text);
  return chars.length <= max ? { text, folded: false } : { text: `${chars.slice(0, max).join('').trimEnd()}…`, folded: true };
};

/** How the text reads on the platform: YouTube's title and description, X's whole post, the others folded. */
export function previewText(platform: SocialPlatform, content: string): { title?: string; text: string; folded: boolean } {
  const text = content.trim();
  if (platform === 'youtube') {
    const [first = '', ...rest] = text.split('\n');
    return { title: cut(first.trim(), YOUTUBE_TITLE).text, ...cut(rest.join('\n').trim(), 160) };
  }
  if (platform === 'twitter') return { text, folded: false };
  return cut(text, FOLD[platform]);
}

type Props = { platform: SocialPlatform; content: string; media: AssetView[]; account: AccountView | undefined };

/** A card approximating the post on one platform: the account's name, the text as shown there, the media it takes. */
export function PostPreview({ platform, content, media, account }: Props) {
  const p = previewText(platform, content);
  const limits = PLATFORM_LIMITS[platform];
  const shown = media.filter((m) => (m.mediaType === 'video' ? limits.maxVideos > 0 : limits.maxImages > 0));
  return (
    <article
      className={`social-preview social-preview-${platform}`}
      aria-label={`${PLATFORM_LABELS[platform]} preview`}
      data-platform={platform}
    >
      <header className="social-preview-head">
        <span className="social-preview-avatar" aria-hidden="true">
          {PLATFORM_LABELS[platform].charAt(0)}
        </span>
        <span>
          <strong>{account?.name ?? 'Not connected'}</strong>
          {account?.username && <span className="cell-note"> @{account.username}</span>}
          <span className="cell-note social-preview-where">{PLATFORM_LABELS[platform]}</span>
        </span>
      </header>
      {p.title !== undefined && <p className="social-preview-title">{p.title || 'Untitled video'}</p>}
      {platform === 'youtube' && shown.length > 0 && <MediaStrip media={shown} />}
      <p className="social-preview-text">
        {p.text}
        {p.folded && <span className="social-preview-more"> more</span>}
      </p>
      {platform !== 'youtube' && shown.length > 0 && <MediaStrip media={shown} small={shown.length > 1} />}
    </article>
  );
}
