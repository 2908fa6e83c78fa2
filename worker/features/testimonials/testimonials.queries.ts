import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { testimonials } from '#db/schema/index.ts';

/** What visitors see (the API's public list and the pages): active testimonials, featured first, newest next. */
export const PUBLIC_TESTIMONIALS = eq(testimonials.isActive, true);
export const TESTIMONIALS_ORDER = [desc(testimonials.featured), desc(testimonials.createdAt), desc(testimonials.id)];

export const publicTestimonialsQuery = (db: Db, limit: number, offset = 0) =>
  db
    .select()
    .from(testimonials)
    .where(PUBLIC_TESTIMONIALS)
    .orderBy(...TESTIMONIALS_ORDER)
    .limit(limit)
    .offset(offset);

export const publicTestimonialsCountQuery = (db: Db) => db.select({ total: count() }).from(testimonials).where(PUBLIC_TESTIMONIALS);
