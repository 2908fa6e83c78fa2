import type { AppConfig } from '#worker/config.ts';
import {
  globalFetch,
  SocialPlatformError,
  type AccountCredentials,
  type Fetcher,
  type PublishMedia,
  type PublishRequest,
  type SocialAdapter,
} from '#worker/lib/social/platform.ts';
import { GRAPH, graphClient } from './graph-api.ts';
import { canPostOn, facebookLoginConnection, pageTokenAccount } from './graph-login.ts';

/** Instagram publishing through Facebook Login: find the Page, its linked Instagram account, and publish. */
export const INSTAGRAM_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'business_management',
  'instagram_basic',
  'instagram_content_publish',
] as const;

/** How long we wait for Instagram to fetch and process the media: a few checks, then a clear failure. */
export type ContainerPolling = { tries: number; delayMs: number };
const POLLING: ContainerPolling = { tries: 5, delayMs: 2_000 };

/** The one permission publishing needs; checked at connect, withdrawn at disconnect. */
const PUBLISH_PERMISSION = 'instagram_content_publish';

type Params = Record<string, string | undefined>;

/**
 * An Instagram professional account behind the school's Facebook Page (Instagram Graph API with
 * Facebook Login, the same app): media go into containers Instagram fetches from our public URLs, a
 * container is published once Instagram says it is FINISHED. The Page's token speaks for the account.
 */
export function instagramAdapter(config: AppConfig, fetcher: Fetcher = globalFetch, polling = POLLING): SocialAdapter {
  const { call, graph: request } = graphClient('instagram', config, fetcher);
  const graph = <T>(account: AccountCredentials, method: 'GET' | 'POST', path: string, params: Params, media = false) =>
    request<T>(account.accessToken, method, `${GRAPH}/${path}`, params, media);

  async function container(account: AccountCredentials, params: Params): Promise<string> {
    const made = await graph<{ id?: string }>(account, 'POST', `${account.externalId}/media`, params, true);
    if (!made.id) throw new SocialPlatformError('unavailable', 'Instagram did not say which media container it made');
    return made.id;
  }

  // A video on its own is a reel; inside a carousel it is a VIDEO item. Alt text is documented for
  // single image posts only, so a carousel item goes without rather than risk the whole post.
  const item = (m: PublishMedia, params: Params): Params =>
    m.kind === 'video'
      ? { media_type: params.is_carousel_item ? 'VIDEO' : 'REELS', video_url: m.url, ...params }
      : { image_url: m.url, ...(m.altText && !params.is_carousel_item ? { alt_text: m.altText } : {}), ...params };

  /** Waits until Instagram has the media ready; ERROR/EXPIRED are its refusal of the media. */
  async function ready(account: AccountCredentials, id: string) {
    for (let attempt = 1; attempt <= polling.tries; attempt++) {
      const s = await graph<{ status_code?: string; status?: string }>(account, 'GET', id, { fields: 'status_code,status' });
      if (s.status_code === 'FINISHED') return;
      if (s.status_code === 'ERROR' || s.status_code === 'EXPIRED')
        throw new SocialPlatformError('rejected_media', `Instagram: the media could not be processed${s.status ? ` (${s.status})` : ''}`);
      if (attempt < polling.tries) await new Promise((r) => setTimeout(r, polling.delayMs));
    }
    throw new SocialPlatformError('unavailable', 'Instagram is still processing the media; retry this platform in a few minutes');
  }

  async function publish(account: AccountCredentials, post: PublishRequest) {
    if (post.media.length === 0) throw new SocialPlatformError('rejected_media', 'Instagram: a post needs an image or a video');
    const caption = post.text || undefined;
    let id: string;
    if (post.media.length === 1) {
      id = await container(account, item(post.media[0]!, { caption }));
    } else {
      const children: string[] = [];
      for (const m of post.media) children.push(await container(account, item(m, { is_carousel_item: 'true' })));
      id = await container(account, { media_type: 'CAROUSEL', children: children.join(','), caption });
    }
    await ready(account, id);
    const done = await graph<{ id?: string }>(account, 'POST', `${account.externalId}/media_publish`, { creation_id: id });
    if (!done.id) throw new SocialPlatformError('unavailable', 'Instagram did not say which post it made');
    return { externalId: done.id, url: await permalink(account, done.id) };
  }

  /** The post's link, if Instagram gives it; the post is out either way, so a failure here is no failure. */
  const permalink = (account: AccountCredentials, id: string) =>
    graph<{ permalink?: string }>(account, 'GET', id, { fields: 'permalink' }).then(
      (r) => r.permalink ?? null,
      () => null,
    );

  return {
    platform: 'instagram',
    ...facebookLoginConnection(call, config, {
      scopes: INSTAGRAM_SCOPES,
      permission: PUBLISH_PERMISSION,
      renewedBy: 'Instagram',
      choose(pages, userId) {
        const page = pages.find((p) => p.instagram_business_account?.id && canPostOn(p));
        const ig = page?.instagram_business_account;
        if (!page || !ig)
          throw new SocialPlatformError(
            'rejected',
            'Instagram: none of the shared Facebook Pages you can post on has an Instagram professional account linked; link one to the Page, then reconnect',
          );
        return pageTokenAccount(page, {
          externalId: ig.id,
          name: ig.name || ig.username || page.name,
          username: ig.username ?? null,
          extra: { userId, pageId: page.id },
        });
      },
    }),
    publish,
  };
}
