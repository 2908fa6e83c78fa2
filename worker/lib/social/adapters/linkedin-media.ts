import { platformFetch, platformJson, type PlatformCall } from '#worker/lib/social/http.ts';
import { SocialPlatformError, type PublishMedia } from '#worker/lib/social/platform.ts';
import { LINKEDIN_REST, restHeaders } from './linkedin-api.ts';

export type VideoPolling = { tries: number; delayMs: number };

type Upload = { call: PlatformCall; token: string; owner: string };

const json = (token: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { ...restHeaders(token), 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Our token goes only to LinkedIn's own upload hosts, whatever URL an answer names. */
function linkedinUploadUrl(url: string | undefined): string {
  const parsed = url && URL.canParse(url) ? new URL(url) : null;
  const host = parsed?.protocol === 'https:' ? parsed.hostname : '';
  if (!(host === 'linkedin.com' || host.endsWith('.linkedin.com')))
    throw new SocialPlatformError('unavailable', 'LinkedIn gave an upload address that is not its own');
  return url!;
}

/** Images API: register the upload, PUT the bytes; the image URN goes into the post. */
export async function uploadImage({ call, token, owner }: Upload, media: PublishMedia): Promise<string> {
  const init = await platformJson<{ value?: { uploadUrl?: string; image?: string } }>(
    call,
    `${LINKEDIN_REST}/images?action=initializeUpload`,
    json(token, { initializeUploadRequest: { owner } }),
  );
  const url = linkedinUploadUrl(init.value?.uploadUrl);
  if (!init.value?.image) throw new SocialPlatformError('unavailable', 'LinkedIn did not name the image it registered');
  await platformFetch(call, url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': media.mimeType },
    body: await media.bytes(),
  });
  return init.value.image;
}

type VideoInit = {
  value?: { video?: string; uploadToken?: string; uploadInstructions?: { uploadUrl?: string; firstByte: number; lastByte: number }[] };
};

/**
 * Videos API: register the upload with its size, PUT each part LinkedIn asks for (keeping each part's
 * ETag), finalize with those ETags, then wait (bounded) until LinkedIn says the video is AVAILABLE.
 */
export async function uploadVideo({ call, token, owner }: Upload, media: PublishMedia, polling: VideoPolling): Promise<string> {
  const bytes = await media.bytes();
  const init = await platformJson<VideoInit>(
    call,
    `${LINKEDIN_REST}/videos?action=initializeUpload`,
    json(token, { initializeUploadRequest: { owner, fileSizeBytes: bytes.byteLength, uploadCaptions: false, uploadThumbnail: false } }),
  );
  const video = init.value?.video;
  const parts = init.value?.uploadInstructions ?? [];
  if (!video || parts.length === 0) throw new SocialPlatformError('unavailable', 'LinkedIn did not say where to upload the video');
  const etags: string[] = [];
  for (const part of parts) {
    const res = await platformFetch(call, linkedinUploadUrl(part.uploadUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes.slice(part.firstByte, part.lastByte + 1),
    });
    const etag = res.headers.get('etag');
    if (!etag) throw new SocialPlatformError('unavailable', 'LinkedIn did not confirm a part of the video upload');
    etags.push(etag);
  }
  await platformJson(
    call,
    `${LINKEDIN_REST}/videos?action=finalizeUpload`,
    json(token, { finalizeUploadRequest: { video, uploadToken: init.value?.uploadToken ?? '', uploadedPartIds: etags } }),
  );
  for (let attempt = 1; attempt <= polling.tries; attempt++) {
    const state = await platformJson<{ status?: string }>(call, `${LINKEDIN_REST}/videos/${encodeURIComponent(video)}`, {
      headers: restHeaders(token),
    });
    if (state.status === 'AVAILABLE') return video;
    if (state.status === 'PROCESSING_FAILED') throw new SocialPlatformError('rejected_media', 'LinkedIn: the video could not be processed');
    if (attempt < polling.tries) await new Promise((r) => setTimeout(r, polling.delayMs));
  }
  throw new SocialPlatformError('unavailable', 'LinkedIn is still processing the video; retry this platform in a few minutes');
}
