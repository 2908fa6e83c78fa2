import { platformFetch, type PlatformCall } from '#worker/lib/social/http.ts';
import { SocialPlatformError, type PublishRequest } from '#worker/lib/social/platform.ts';
import { TIKTOK_API, tiktokJson, tiktokKind, tiktokRefusal } from './tiktok-api.ts';

/** Widest audience first: the school posts publicly when the creator's account allows it. */
const PRIVACY_PREFERENCE = ['PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
/** A photo post's title is at most 90 characters (its description takes the whole text). */
const PHOTO_TITLE_MAX = 90;
/**
 * Waits before each status check: TikTok pulls the file from our URL after init, and a bad file or URL
 * fails within seconds; moderation (which gives the public id) can take minutes, so we do not wait for it.
 */
export const STATUS_WAITS_MS = [2_000, 3_000];

export type CreatorInfo = {
  creator_username?: string;
  creator_nickname?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
};

const firstLine = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean) ?? '';

const json = (token: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
  body: JSON.stringify(body),
});

/** Who is posting and what they allow (TikTok requires this before every Direct Post). */
export async function creatorInfo(call: PlatformCall, token: string): Promise<CreatorInfo> {
  const res = await tiktokJson<{ data?: CreatorInfo }>(call, `${TIKTOK_API}/post/publish/creator_info/query/`, json(token, {}));
  return res.data ?? {};
}

export function privacyLevel(creator: CreatorInfo): string {
  const allowed = creator.privacy_level_options ?? [];
  const level = PRIVACY_PREFERENCE.find((p) => allowed.includes(p)) ?? allowed[0];
  if (!level) throw new SocialPlatformError('rejected', 'TikTok: this account cannot post right now (no privacy level is allowed)');
  return level;
}

/** Starts a Direct Post (TikTok pulls the video or photos from their public URLs) and answers its publish_id. */
export async function initPost(call: PlatformCall, token: string, creator: CreatorInfo, post: PublishRequest): Promise<string> {
  const privacy_level = privacyLevel(creator);
  const video = post.media.find((m) => m.kind === 'video');
  const photos = post.media.filter((m) => m.kind === 'image');
  if (!video && photos.length === 0) throw new SocialPlatformError('rejected_media', 'TikTok needs a video or photos');
  const res = video
    ? await tiktokJson<{ data?: { publish_id?: string } }>(
        call,
        `${TIKTOK_API}/post/publish/video/init/`,
        json(token, {
          post_info: {
            title: post.text,
            privacy_level,
            disable_comment: creator.comment_disabled ?? false,
            disable_duet: creator.duet_disabled ?? false,
            disable_stitch: creator.stitch_disabled ?? false,
          },
          source_info: { source: 'PULL_FROM_URL', video_url: video.url },
        }),
      )
    : await tiktokJson<{ data?: { publish_id?: string } }>(
        call,
        `${TIKTOK_API}/post/publish/content/init/`,
        json(token, {
          post_info: {
            title: Array.from(firstLine(post.text)).slice(0, PHOTO_TITLE_MAX).join(''),
            description: post.text,
            privacy_level,
            disable_comment: creator.comment_disabled ?? false,
            auto_add_music: true,
          },
          source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: photos.map((p) => p.url) },
          post_mode: 'DIRECT_POST',
          media_type: 'PHOTO',
        }),
      );
  const id = res.data?.publish_id;
  if (!id) throw new SocialPlatformError('unavailable', 'TikTok did not say whether the post was started');
  return id;
}

/**
 * Checks the started post a few times: a failure TikTok reports for it (the file could not be pulled, a
 * check failed) is thrown with its reason; the public post id is answered once TikTok gives it, else
 * null (still processing or in moderation: TikTok finishes it on its own). A status call that itself
 * fails is not the post failing, so it never throws (a retry would post twice). The id is read from the
 * raw text, since it is a 64-bit number that JSON.parse would round.
 */
export async function publicPostId(call: PlatformCall, token: string, publishId: string): Promise<string | null> {
  for (const wait of STATUS_WAITS_MS) {
    await new Promise((r) => setTimeout(r, wait));
    let text: string;
    let body: { data?: { status?: string; fail_reason?: string } } | undefined;
    try {
      const res = await platformFetch(call, `${TIKTOK_API}/post/publish/status/fetch/`, json(token, { publish_id: publishId }));
      text = await res.text();
      body = JSON.parse(text) as typeof body;
    } catch {
      return null; // the post is started: a status check that fails says nothing about it
    }
    if (tiktokRefusal(body)) return null;
    const status = body?.data?.status;
    if (status === 'FAILED') {
      const reason = body?.data?.fail_reason || 'the post failed';
      throw new SocialPlatformError(tiktokKind(reason) ?? 'rejected', `TikTok: ${reason}`);
    }
    const id = /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(text)?.[1];
    if (id) return id;
    if (status === 'PUBLISH_COMPLETE' || status === 'SEND_TO_USER_INBOX') return null;
  }
  return null;
}
