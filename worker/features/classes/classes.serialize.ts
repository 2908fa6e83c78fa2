import { DAY_NAMES } from '#core/catalog/catalog-options.ts';
import type { Level } from '#core/catalog/catalog-options.ts';
import type { ClassDto } from '#core/catalog/types.ts';
import type { ClassRow } from '#db/schema/index.ts';

export function serializeClass(row: ClassRow): ClassDto {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    dayOfWeek: row.dayOfWeek,
    dayName: DAY_NAMES[row.dayOfWeek] ?? '',
    startTime: row.startTime,
    endTime: row.endTime,
    instructorName: row.instructorName,
    instructorId: row.instructorUserId,
    programId: row.programId,
    level: row.level as Level,
    location: row.location,
    ageGroup: row.ageGroup,
    capacity: row.capacity,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
