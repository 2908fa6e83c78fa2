import { PLATFORM_LABELS, type SocialPlatform } from './platforms.ts';

export type MediaKind = 'image' | 'video';
export type PostMedia = { kind: MediaKind; mimeType: string | null };

/**
 * What each platform accepts, from its publishing documentation: text length, how many images or
 * videos, which file types, and whether a post needs media at all. Checked in the browser (counters)
 * and again by the server before anything is sent.
 */
export type PlatformLimits = {
  maxText: number;
  maxImages: number;
  maxVideos: number;
  /** Images and a video in one post. */
  mixed: boolean;
  /** A post needs at least one image or video (Instagram), or exactly a video (YouTube). */
  needs: 'nothing' | 'media' | 'video';
  imageTypes: readonly string[];
  videoTypes: readonly string[];
  /** X counts every link as 23 characters, whatever its length. */
  linkLength?: number;
  /** TikTok counts its title in UTF-16 units (an emoji is two). */
  utf16?: boolean;
  /** YouTube bounds its description in UTF-8 bytes, not characters (a Japanese text reaches it sooner). */
  maxTextBytes?: number;
};

const JPEG_PNG = ['image/jpeg', 'image/png'] as const;
const MP4 = ['video/mp4', 'video/quicktime'] as const;

export const PLATFORM_LIMITS: Record<SocialPlatform, PlatformLimits> = {
  facebook: {
    maxText: 63_206,
    maxImages: 10,
    maxVideos: 1,
    mixed: false,
    needs: 'nothing',
    imageTypes: [...JPEG_PNG, 'image/gif', 'image/webp'],
    videoTypes: MP4,
  },
  instagram: { maxText: 2_200, maxImages: 10, maxVideos: 1, mixed: false, needs: 'media', imageTypes: ['image/jpeg'], videoTypes: MP4 },
  linkedin: {
    maxText: 3_000,
    maxImages: 9,
    maxVideos: 1,
    mixed: false,
    needs: 'nothing',
    imageTypes: [...JPEG_PNG, 'image/gif'],
    videoTypes: ['video/mp4'],
  },
  tiktok: {
    maxText: 2_200,
    utf16: true,
    maxImages: 35,
    maxVideos: 1,
    mixed: false,
    needs: 'media',
    imageTypes: ['image/jpeg', 'image/webp'],
    videoTypes: MP4,
  },
  twitter: {
    maxText: 280,
    maxImages: 4,
    maxVideos: 1,
    mixed: false,
    needs: 'nothing',
    imageTypes: [...JPEG_PNG, 'image/gif', 'image/webp'],
    videoTypes: ['video/mp4'],
    linkLength: 23,
  },
  youtube: {
    maxText: 5_000,
    maxTextBytes: 5_000,
    maxImages: 0,
    maxVideos: 1,
    mixed: false,
    needs: 'video',
    imageTypes: [],
    videoTypes: [...MP4, 'video/webm'],
  },
};

const LINK = /https?:\/\/[^\s]+/g;

/** The length a platform counts: code points (an emoji is one), links at X's fixed length, UTF-16 units on TikTok. */
export function textLength(platform: SocialPlatform, text: string): number {
  const { linkLength, utf16 } = PLATFORM_LIMITS[platform];
  if (utf16) return text.length;
  if (!linkLength) return Array.from(text).length;
  let links = 0;
  const rest = text.replace(LINK, () => {
    links += 1;
    return '';
  });
  return Array.from(rest).length + links * linkLength;
}

/** Why this post cannot go to this platform, in words an admin can act on; null when it can. */
export function platformProblem(platform: SocialPlatform, content: string, media: readonly PostMedia[]): string | null {
  const l = PLATFORM_LIMITS[platform];
  const name = PLATFORM_LABELS[platform];
  const length = textLength(platform, content);
  if (length > l.maxText) return `${name}: the text is ${length} characters; at most ${l.maxText} are allowed`;
  const bytes = l.maxTextBytes ? new TextEncoder().encode(content).length : 0;
  if (l.maxTextBytes && bytes > l.maxTextBytes) return `${name}: the text is ${bytes} bytes; at most ${l.maxTextBytes} are allowed`;
  const images = media.filter((m) => m.kind === 'image');
  const videos = media.filter((m) => m.kind === 'video');
  if (l.needs === 'video' && videos.length === 0) return `${name}: a post needs a video`;
  if (l.needs === 'media' && media.length === 0) return `${name}: a post needs an image or a video`;
  if (images.length > 0 && l.maxImages === 0) return `${name}: images cannot be posted, only a video`;
  if (images.length > l.maxImages) return `${name}: at most ${l.maxImages} images per post`;
  if (videos.length > l.maxVideos) return `${name}: at most ${l.maxVideos} video per post`;
  if (!l.mixed && images.length > 0 && videos.length > 0) return `${name}: a post has either images or a video, not both`;
  const badImage = images.find((m) => !m.mimeType || !l.imageTypes.includes(m.mimeType));
  if (badImage) return `${name}: images must be ${typeList(l.imageTypes)} (not ${badImage.mimeType ?? 'an unknown type'})`;
  const badVideo = videos.find((m) => !m.mimeType || !l.videoTypes.includes(m.mimeType));
  if (badVideo) return `${name}: videos must be ${typeList(l.videoTypes)} (not ${badVideo.mimeType ?? 'an unknown type'})`;
  return null;
}

const typeList = (types: readonly string[]) => types.map((t) => t.split('/')[1]!.toUpperCase()).join(', ');
