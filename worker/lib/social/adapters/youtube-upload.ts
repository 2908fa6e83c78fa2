import { platformFetch, platformJson, type PlatformCall } from '#worker/lib/social/http.ts';
import { SocialPlatformError, type PublishMedia, type PublishRequest } from '#worker/lib/social/platform.ts';

const UPLOAD_URL = 'https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status';
/** Where the upload session may point: our bearer token goes to Google's API host and nowhere else. */
const UPLOAD_ORIGIN = 'https://www.googleapis.com';
/** YouTube's limits: a title of at most 100 characters, a description of at most 5,000 bytes. */
const TITLE_MAX = 100;
const DESCRIPTION_MAX_BYTES = 5_000;

/** YouTube refuses "<" and ">" in a title or description; the look-alike angle quotes keep the meaning. */
const youtubeSafe = (text: string) => text.replaceAll('<', '‹').replaceAll('>', '›');

/** The title: the text's first non-blank line, at most 100 characters; never empty (the video's own title, then "Video"). */
export function youtubeTitle(text: string, video: Pick<PublishMedia, 'title'>): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  const title = youtubeSafe(line || video.title.trim() || 'Video');
  return Array.from(title).slice(0, TITLE_MAX).join('').trim();
}

/** The description: the whole text (core allows 5,000 characters; YouTube counts bytes, so a long non-Latin text is refused here). */
export function youtubeDescription(text: string): string {
  const description = youtubeSafe(text);
  const bytes = new TextEncoder().encode(description).byteLength;
  if (bytes > DESCRIPTION_MAX_BYTES)
    throw new SocialPlatformError(
      'rejected',
      `YouTube takes a description of at most ${DESCRIPTION_MAX_BYTES.toLocaleString('en')} bytes; this text is ${bytes.toLocaleString('en')} bytes, so shorten it`,
    );
  return description;
}

/**
 * A resumable upload (the documented way for a file of any size): the first call sends the metadata and
 * the file's type and length and answers the session URL in `Location`; the second PUTs the bytes there
 * and answers the video. A refusal of the bytes is about the file unless the token or the quota is.
 */
export async function uploadVideo(call: PlatformCall, token: string, post: PublishRequest, video: PublishMedia): Promise<string> {
  const snippet = { title: youtubeTitle(post.text, video), description: youtubeDescription(post.text) };
  const bytes = await video.bytes().catch(() => {
    throw new SocialPlatformError('rejected_media', `The video "${video.title}" could not be read from the library`);
  });
  const session = await platformFetch(call, UPLOAD_URL, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json; charset=UTF-8',
      'x-upload-content-type': video.mimeType,
      'x-upload-content-length': String(bytes.byteLength),
    },
    body: JSON.stringify({ snippet, status: { privacyStatus: 'public', selfDeclaredMadeForKids: false } }),
  });
  const location = session.headers.get('location');
  if (!location || new URL(location, UPLOAD_ORIGIN).origin !== UPLOAD_ORIGIN)
    throw new SocialPlatformError('unavailable', 'YouTube did not open an upload for the video');
  const uploaded = await platformJson<{ id?: string }>(call, new URL(location, UPLOAD_ORIGIN).toString(), {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': video.mimeType },
    body: bytes,
  }).catch((err: unknown) => {
    if (err instanceof SocialPlatformError && err.kind === 'rejected')
      throw new SocialPlatformError('rejected_media', err.message, err.status ? { status: err.status } : {});
    throw err;
  });
  if (!uploaded.id) throw new SocialPlatformError('unavailable', 'YouTube did not say whether the video was uploaded');
  return uploaded.id;
}
