import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { profileName } from '#core/users/person-name.ts';
import type { Db } from '#db/client.ts';
import { classes, courses, users } from '#db/schema/index.ts';
import { avatarUrl } from '#worker/lib/serialize-user.ts';
import type { TeacherView } from '#web/pages/public/view-types.ts';

/** Staff roles that may teach; an admin appears only when a course or class names them, like everyone. */
const TEACHING_ROLES = ['grandmaster', 'instructor', 'admin'];
const ROLE_TITLE: Record<string, string> = { grandmaster: 'Grand master', instructor: 'Instructor', admin: 'Instructor, head of school' };
const RANK = ['grandmaster', 'admin', 'instructor'];

const teachingStaff = and(
  inArray(users.role, TEACHING_ROLES),
  eq(users.isActive, true),
  isNull(users.blockedAt),
  isNull(users.deactivatedAt),
);
/** "Maya Ito" from the profile, as profileName() writes it. */
const fullName = sql`trim(coalesce(json_extract(${users.profile}, '$.firstName'), '') || ' ' || coalesce(json_extract(${users.profile}, '$.lastName'), ''))`;
/** The instructor line names the person ("Sensei Maya Ito" names Maya Ito); instr, not LIKE, so a name is never a pattern. */
const names = (line: SQLiteColumn) => sql`${fullName} <> '' and instr(lower(coalesce(${line}, '')), lower(${fullName})) > 0`;
const teaches = (table: typeof courses | typeof classes) =>
  sql`exists (select 1 from ${table} where ${table.isActive} = 1 and ${names(table.instructorName)})`;
const taughtBySomeone = (table: typeof courses | typeof classes) =>
  sql`exists (select 1 from ${users} where ${teachingStaff} and ${names(table.instructorName)})`;

// The matching is done by the database, so the limits below cut the lists a visitor sees, never who is found.
export const teachingStaffQuery = (db: Db) =>
  db
    .select({ id: users.id, role: users.role, profile: users.profile, picture: users.profilePicture })
    .from(users)
    .where(and(teachingStaff, or(teaches(courses), teaches(classes))))
    .orderBy(asc(users.createdAt))
    .limit(48);

export const courseTeachersQuery = (db: Db) =>
  db
    .select({ title: courses.title, instructorName: courses.instructorName })
    .from(courses)
    .where(and(eq(courses.isActive, true), taughtBySomeone(courses)))
    .orderBy(asc(courses.createdAt))
    .limit(500);

export const classTeachersQuery = (db: Db) =>
  db
    .selectDistinct({ title: classes.title, instructorName: classes.instructorName })
    .from(classes)
    .where(and(eq(classes.isActive, true), taughtBySomeone(classes)))
    .orderBy(asc(classes.title))
    .limit(500);

type Taught = { title: string; instructorName: string | null };

/**
 * The school's teachers as the public sees them: staff whose name a current course or class gives as
 * its instructor ("Sensei Maya Ito" names Maya Ito), with what they teach.
 */
export function teachersOf(staff: Awaited<ReturnType<typeof teachingStaffQuery>>, taught: readonly Taught[]): TeacherView[] {
  const out: TeacherView[] = [];
  for (const s of staff) {
    const name = profileName(s.profile);
    if (!name) continue;
    const mine = taught.filter((t) => t.instructorName?.toLowerCase().includes(name.toLowerCase())).map((t) => t.title);
    if (!mine.length) continue;
    out.push({ _id: s.id, name, title: ROLE_TITLE[s.role] ?? 'Instructor', photo: avatarUrl(s.picture), teaches: [...new Set(mine)] });
  }
  return out.sort((a, b) => RANK.indexOf(roleOf(staff, a._id)) - RANK.indexOf(roleOf(staff, b._id)));
}

const roleOf = (staff: readonly { id: string; role: string }[], id: string) => staff.find((s) => s.id === id)?.role ?? '';
