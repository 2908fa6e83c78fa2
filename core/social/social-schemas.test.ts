import { describe, expect, it } from 'vitest';
import { CreatePostSchema, RetryPostSchema } from './social-schemas.ts';

const firstMessage = (input: unknown) => {
  const r = CreatePostSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('the post schema (spec 5 and 8 words)', () => {
  it('requires content and a platform', () => {
    expect(firstMessage({ content: '  ', platforms: ['facebook'] })).toBe('Content is required');
    expect(firstMessage({ platforms: ['facebook'] })).toBe('Content is required');
    expect(firstMessage({ content: 'Osu', platforms: [] })).toBe('At least one platform must be selected');
    expect(firstMessage({ content: 'Osu' })).toBe('At least one platform must be selected');
  });

  it('lists the unsupported platforms and the supported ones', () => {
    expect(firstMessage({ content: 'Osu', platforms: ['facebook', 'myspace', 'orkut'] })).toBe(
      'Unsupported platforms: myspace, orkut. Supported platforms: facebook, instagram, linkedin, tiktok, twitter, youtube',
    );
  });

  it('calls a malformed list an invalid platforms format', () => {
    for (const platforms of [5, '[1,', '[1,2]', { facebook: true }, [null]])
      expect(firstMessage({ content: 'Osu', platforms })).toBe('Invalid platforms format');
  });

  it('reads a JSON string or a comma list (form data), trims, lowercases and drops repeats', () => {
    expect(CreatePostSchema.parse({ content: ' Osu ', platforms: '["Facebook","twitter","facebook"]' })).toMatchObject({
      content: 'Osu',
      platforms: ['facebook', 'twitter'],
      mediaIds: [],
    });
    expect(CreatePostSchema.parse({ content: 'Osu', platforms: 'linkedin, youtube', mediaIds: 'a,b' })).toMatchObject({
      platforms: ['linkedin', 'youtube'],
      mediaIds: ['a', 'b'],
    });
  });

  it('reads the schedule as an instant and refuses one that is not a date', () => {
    expect(CreatePostSchema.parse({ content: 'Osu', platforms: ['facebook'], scheduleTime: '2026-12-01T10:00:00Z' }).scheduleTime).toEqual(
      new Date('2026-12-01T10:00:00Z'),
    );
    expect(firstMessage({ content: 'Osu', platforms: ['facebook'], scheduleTime: 'next tuesday' })).toBe(
      'Schedule time must be a valid date and time',
    );
    expect(CreatePostSchema.parse({ content: 'Osu', platforms: ['facebook'], scheduleTime: '' }).scheduleTime).toBeUndefined();
  });

  it('retries all failed platforms unless some are named', () => {
    expect(RetryPostSchema.parse(undefined)).toBe('all');
    expect(RetryPostSchema.parse({ platforms: [] })).toBe('all');
    expect(RetryPostSchema.parse({ platforms: ['twitter'] })).toEqual(['twitter']);
    expect(RetryPostSchema.safeParse({ platforms: ['friendster'] }).success).toBe(false);
  });
});
