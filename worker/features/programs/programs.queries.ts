import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { programs, rankRequirements, rankTechniques, ranks } from '#db/schema/index.ts';

/** The id of the program with `slug`, as a sub-select, so a ladder reads in the same statement as its program. */
export const programIdOf = (slug: string): SQL => sql`(select ${programs.id} from ${programs} where ${programs.slug} = ${slug})`;

/** Written out: drizzle leaves a one-table select's columns unqualified, which a sub-select would read as its own. */
export const rankCountSql = sql<number>`(select count(*) from ranks r where r.program_id = "programs"."id")`.mapWith(Number);

export const programQuery = (db: Db, slug: string) =>
  db.select({ program: programs, rankCount: rankCountSql }).from(programs).where(eq(programs.slug, slug));

/** A program's ranks in position order, with their requirements and techniques: three statements for one batch. */
export const ladderQueries = (db: Db, programId: SQL | string) =>
  [
    db
      .select()
      .from(ranks)
      .where(sql`${ranks.programId} = ${programId}`)
      .orderBy(asc(ranks.position)),
    db
      .select({ r: rankRequirements })
      .from(rankRequirements)
      .innerJoin(ranks, eq(ranks.id, rankRequirements.rankId))
      .where(sql`${ranks.programId} = ${programId}`)
      .orderBy(asc(rankRequirements.rankId), asc(rankRequirements.position)),
    db
      .select({ t: rankTechniques })
      .from(rankTechniques)
      .innerJoin(ranks, eq(ranks.id, rankTechniques.rankId))
      .where(sql`${ranks.programId} = ${programId}`)
      .orderBy(asc(rankTechniques.rankId), asc(rankTechniques.position)),
  ] as const;
