import { z } from 'zod';
import { firstOf } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { POST_STATUSES } from './post-status.ts';
import { isSocialPlatform, SOCIAL_PLATFORMS, type SocialPlatform } from './platforms.ts';
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from './social-options.ts';

/**
 * `platforms` arrives as a JSON list, a JSON string of one (form data), or a comma list; anything else is
 * 'Invalid platforms format'. Unknown names are refused listing the supported ones (spec 8).
 */
export const platformsField = z.unknown().transform((raw, ctx): SocialPlatform[] => {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    const s = raw.trim();
    if (s.startsWith('[')) {
      try {
        list = JSON.parse(s);
      } catch {
        list = null;
      }
    } else list = s === '' ? [] : s.split(',').map((p) => p.trim());
  }
  if (raw === undefined || raw === null) list = [];
  if (!Array.isArray(list) || !list.every((p) => typeof p === 'string')) {
    ctx.addIssue({ code: 'custom', message: SOCIAL_MESSAGES.platformsFormat });
    return z.NEVER;
  }
  const names = [...new Set((list as string[]).map((p) => p.trim().toLowerCase()).filter(Boolean))];
  if (names.length === 0) {
    ctx.addIssue({ code: 'custom', message: SOCIAL_MESSAGES.platformRequired });
    return z.NEVER;
  }
  const unknown = names.filter((p) => !isSocialPlatform(p));
  if (unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: SOCIAL_MESSAGES.unsupported(unknown, SOCIAL_PLATFORMS) });
    return z.NEVER;
  }
  return names as SocialPlatform[];
});

const mediaIds = z
  .unknown()
  .transform((raw, ctx): string[] => {
    let list: unknown = raw ?? [];
    if (typeof raw === 'string') list = raw.trim() === '' ? [] : raw.trim().startsWith('[') ? safeJson(raw) : raw.split(',');
    if (!Array.isArray(list) || !list.every((id) => typeof id === 'string' && id.trim().length > 0 && id.length <= 64)) {
      ctx.addIssue({ code: 'custom', message: SOCIAL_MESSAGES.mediaInvalid });
      return z.NEVER;
    }
    return [...new Set(list.map((id: string) => id.trim()))];
  })
  .pipe(z.array(z.string()).max(SOCIAL_LIMITS.media, SOCIAL_MESSAGES.mediaTooMany));

const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};

/** An instant: ISO with an offset, or milliseconds; blank means "now". The future check needs the clock, so the service does it. */
const scheduleField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .union([z.string().max(64), z.number()], { error: SOCIAL_MESSAGES.scheduleInvalid })
    .transform((v, ctx) => {
      const d = new Date(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
      if (!Number.isFinite(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: SOCIAL_MESSAGES.scheduleInvalid });
        return z.NEVER;
      }
      return d;
    })
    .optional(),
);

export const CreatePostSchema = z.object(
  {
    content: z
      .string({ error: SOCIAL_MESSAGES.contentRequired })
      .trim()
      .min(1, SOCIAL_MESSAGES.contentRequired)
      .max(SOCIAL_LIMITS.content, `Content must be at most ${SOCIAL_LIMITS.content} characters`),
    platforms: platformsField,
    mediaIds: mediaIds.default([]),
    scheduleTime: scheduleField,
  },
  { error: 'Please send the post as a JSON object' },
);
export type CreatePostInput = z.output<typeof CreatePostSchema>;

/** Retry: all failed platforms, or the chosen ones (`platforms` omitted or empty = all failed). */
export const RetryPostSchema = z
  .object({ platforms: z.unknown().optional() })
  .optional()
  .transform((b, ctx): SocialPlatform[] | 'all' => {
    const raw = b?.platforms;
    if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0) || raw === '') return 'all';
    const parsed = platformsField.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });

export const ListPostsQuery = pagingQuery(20, 100).extend({
  status: firstOf(z.enum(POST_STATUSES).optional().catch(undefined)),
  platform: firstOf(z.enum(SOCIAL_PLATFORMS).optional().catch(undefined)),
  search: firstOf(z.string().trim().max(SOCIAL_LIMITS.search).optional().catch(undefined)),
});
export type ListPostsInput = z.output<typeof ListPostsQuery>;
