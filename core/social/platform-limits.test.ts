import { describe, expect, it } from 'vitest';
import { platformProblem, textLength } from './platform-limits.ts';
import { tokenState } from './platforms.ts';

const jpeg = { kind: 'image' as const, mimeType: 'image/jpeg' };
const mp4 = { kind: 'video' as const, mimeType: 'video/mp4' };

describe('platform limits', () => {
  it('counts code points, and every link as 23 characters on X only', () => {
    const link = `https://example.com/${'a'.repeat(80)}`;
    expect(textLength('twitter', `Osu 🥋 ${link}`)).toBe(6 + 23);
    expect(textLength('facebook', `Osu 🥋 ${link}`)).toBe(6 + link.length);
    expect(textLength('tiktok', 'Osu 🥋')).toBe(6);
  });

  it('refuses X past 280 and accepts it at 280', () => {
    expect(platformProblem('twitter', 'a'.repeat(280), [])).toBeNull();
    expect(platformProblem('twitter', 'a'.repeat(281), [])).toBe('X (Twitter): the text is 281 characters; at most 280 are allowed');
  });

  it('bounds YouTube by bytes, so a Japanese text reaches the limit at a third of the characters', () => {
    const video = [{ kind: 'video' as const, mimeType: 'video/mp4' }];
    expect(platformProblem('youtube', '空'.repeat(1666), video)).toBeNull();
    expect(platformProblem('youtube', '空'.repeat(1667), video)).toBe('YouTube: the text is 5001 bytes; at most 5000 are allowed');
  });

  it('needs media on Instagram and TikTok, a video on YouTube, and no images there', () => {
    expect(platformProblem('instagram', 'Osu', [])).toBe('Instagram: a post needs an image or a video');
    expect(platformProblem('tiktok', 'Osu', [mp4])).toBeNull();
    expect(platformProblem('youtube', 'Osu', [jpeg])).toBe('YouTube: a post needs a video');
    expect(platformProblem('youtube', 'Osu', [mp4, jpeg])).toBe('YouTube: images cannot be posted, only a video');
  });

  it('counts images and videos, refuses mixing them and types a platform does not take', () => {
    expect(platformProblem('twitter', 'Osu', [jpeg, jpeg, jpeg, jpeg, jpeg])).toBe('X (Twitter): at most 4 images per post');
    expect(platformProblem('facebook', 'Osu', [jpeg, mp4])).toBe('Facebook: a post has either images or a video, not both');
    expect(platformProblem('instagram', 'Osu', [{ kind: 'image', mimeType: 'image/png' }])).toBe(
      'Instagram: images must be JPEG (not image/png)',
    );
    expect(platformProblem('linkedin', 'Osu', [jpeg])).toBeNull();
  });
});

describe('tokenState', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);
  it('flags a token ending within 7 days as expiring soon, and one past its end as expired', () => {
    expect(tokenState(null, now)).toBe('no_expiry');
    expect(tokenState(inDays(8), now)).toBe('ok');
    expect(tokenState(inDays(7), now)).toBe('expiring_soon');
    expect(tokenState(inDays(0.01), now)).toBe('expiring_soon');
    expect(tokenState(inDays(-0.01), now)).toBe('expired');
  });
});
