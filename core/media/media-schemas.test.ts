import { describe, expect, it } from 'vitest';
import { ExternalAssetSchema } from './asset-schemas.ts';
import { CreateChartSchema } from './chart-schemas.ts';
import { CreateTestimonialSchema } from './testimonial-schemas.ts';

describe('schemas with the spec messages', () => {
  it('checks chart title, alt and description', () => {
    const msg = (v: unknown) => CreateChartSchema.safeParse(v).error?.issues[0]?.message;
    expect(msg({ alt: 'a' })).toBe('Title is required');
    expect(msg({ title: 't' })).toBe('Alt text is required');
    expect(msg({ title: 'x'.repeat(201), alt: 'a' })).toBe('Title must be at most 200 characters');
    expect(msg({ title: 't', alt: 'a', description: 'd'.repeat(1001) })).toBe('Description must be at most 1000 characters');
  });

  it('needs an external link and an image/video media type per asset', () => {
    expect(ExternalAssetSchema.safeParse({ mediaType: 'image' }).error?.issues[0]?.message).toBe('External URL link is required');
    expect(ExternalAssetSchema.safeParse({ externalUrlLink: 'https://x.example', mediaType: 'gif' }).error?.issues[0]?.message).toBe(
      'Media type must be image or video',
    );
  });

  it('reads a testimonial rating as digits 1 to 5, a blank one as not given', () => {
    const rating = (r: unknown) => CreateTestimonialSchema.safeParse({ name: 'n', quote: 'q', rating: r });
    expect(rating('4').data?.rating).toBe(4);
    expect(rating('').data?.rating).toBeUndefined();
    for (const r of ['0', '6', '2.5', 'x', 2.5])
      expect(rating(r).error?.issues[0]?.message).toBe('Rating must be a whole number from 1 to 5');
  });
});
