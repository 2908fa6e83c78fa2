import type { Level } from '#core/catalog/catalog-options.ts';
import type { CourseDto } from '#core/catalog/types.ts';
import type { CourseRow } from '#db/schema/index.ts';
import { bpToPercent } from '#core/shop/cart-totals.ts';
import { priceFields } from '#worker/lib/catalog/money.ts';
import { objectUrl } from '#worker/lib/public-files.ts';

export function serializeCourse(row: CourseRow): CourseDto {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    shortDescription: row.shortDescription,
    description: row.description,
    category: row.category,
    level: row.level as Level,
    instructorName: row.instructorName,
    durationWeeks: row.durationWeeks,
    sessionsPerWeek: row.sessionsPerWeek,
    schedule: row.schedule,
    ...priceFields(row),
    currency: row.currency,
    gstRate: bpToPercent(row.gstRateBp),
    capacity: row.capacity,
    image: objectUrl(row.image),
    featured: row.featured,
    isActive: row.isActive,
    ageGroup: row.ageGroup,
    prerequisites: row.prerequisites,
    highlights: row.highlights,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
