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
import { GRAPH, GRAPH_VIDEO, graphClient } from './graph-api.ts';
import { canPostOn, facebookLoginConnection, pageTokenAccount } from './graph-login.ts';

/** The one permission publishing needs; checked at connect, withdrawn at disconnect. */
const PUBLISH_PERMISSION = 'pages_manage_posts';
/** List the admin's Pages, read them, and publish on them. */
export const FACEBOOK_SCOPES = ['pages_show_list', 'pages_read_engagement', PUBLISH_PERMISSION] as const;

type Created = { id?: string; post_id?: string };

/**
 * A Facebook Page through the Graph API: the school posts as its Page with the Page's own token (from a
 * long-lived user token, so it does not expire; the admin reconnects if it is ever invalidated).
 */
export function facebookAdapter(config: AppConfig, fetcher: Fetcher = globalFetch): SocialAdapter {
  const { call, graph } = graphClient('facebook', config, fetcher);

  const photo = (account: AccountCredentials, m: PublishMedia, params: Record<string, string>) =>
    graph<Created>(account.accessToken, 'POST', `${GRAPH}/${account.externalId}/photos`, { url: m.url, ...altText(m), ...params }, true);

  async function publish(account: AccountCredentials, post: PublishRequest) {
    const page = account.externalId;
    const message = post.text || undefined;
    const images = post.media.filter((m) => m.kind === 'image');
    const video = post.media.find((m) => m.kind === 'video');
    if (video) {
      const made = await graph<Created>(
        account.accessToken,
        'POST',
        `${GRAPH_VIDEO}/${page}/videos`,
        { file_url: video.url, description: message, ...(video.title ? { title: video.title } : {}) },
        true,
      );
      const id = required(made.id);
      return { externalId: id, url: `https://www.facebook.com/${page}/videos/${id}` };
    }
    if (images.length === 1) {
      const made = await photo(account, images[0]!, message ? { message } : {});
      const id = required(made.post_id ?? made.id);
      return { externalId: id, url: `https://www.facebook.com/${id}` };
    }
    // Several images: each is uploaded unpublished, then one feed post carries them all.
    const attached: Record<string, string> = {};
    for (const [i, m] of images.entries()) {
      const made = await photo(account, m, { published: 'false' });
      attached[`attached_media[${i}]`] = JSON.stringify({ media_fbid: required(made.id) });
    }
    const made = await graph<Created>(account.accessToken, 'POST', `${GRAPH}/${page}/feed`, { message, ...attached });
    const id = required(made.id);
    return { externalId: id, url: `https://www.facebook.com/${id}` };
  }

  return {
    platform: 'facebook',
    ...facebookLoginConnection(call, config, {
      scopes: FACEBOOK_SCOPES,
      permission: PUBLISH_PERMISSION,
      renewedBy: 'Facebook Page',
      choose(pages, userId) {
        // The first Page the admin may post on (a Page where they only moderate or read would refuse every post).
        const page = pages.find(canPostOn);
        if (!page)
          throw new SocialPlatformError(
            'rejected',
            'Facebook: no Page you can post on was shared; reconnect and choose the Page the school posts as',
          );
        return pageTokenAccount(page, { externalId: page.id, name: page.name, username: null, extra: { userId } });
      },
    }),
    publish,
  };
}

const altText = (m: PublishMedia) => (m.altText ? { alt_text_custom: m.altText } : {});

function required(id: string | undefined): string {
  if (!id) throw new SocialPlatformError('unavailable', 'Facebook did not say which post it made');
  return id;
}
