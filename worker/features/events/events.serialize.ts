import { timeStatus } from '#core/catalog/time-status.ts';
import type { EventDto } from '#core/catalog/types.ts';
import type { EventRow } from '#db/schema/index.ts';
import { fileUrl } from '#worker/lib/public-files.ts';

export function serializeEvent(row: EventRow, now = Date.now()): EventDto {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: timeStatus(row.startsAt, row.endsAt, now),
    location: row.location,
    category: row.category,
    image: fileUrl(row.image),
    registrationUrl: row.registrationUrl,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
