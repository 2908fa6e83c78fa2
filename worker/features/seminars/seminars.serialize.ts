import { timeStatus } from '#core/catalog/time-status.ts';
import type { SeminarDto } from '#core/catalog/types.ts';
import { fromCents } from '#core/money.ts';
import type { SeminarRow } from '#db/schema/index.ts';
import { fileUrl } from '#worker/lib/public-files.ts';

export function serializeSeminar(row: SeminarRow, now = Date.now()): SeminarDto {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    instructor: row.instructor,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: timeStatus(row.startsAt, row.endsAt, now),
    location: row.location,
    price: fromCents(row.priceCents),
    currency: row.currency,
    capacity: row.capacity,
    image: fileUrl(row.image),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
