import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { TRIAL_ENDING_DAYS, type TAdminTeachersQuery } from '@shared/schemas/admin';
import { teachers, teacherStudents } from '@server/core/db/schema';
import type { TAdminDeps } from './deps';
import { likePattern, pageOf } from './lists';

function trialCondition(trial: NonNullable<TAdminTeachersQuery['trial']>): SQL | undefined {
  switch (trial) {
    case 'on_trial':
      return gt(teachers.trialEndsAt, sql`now()`);
    case 'ending':
      return and(gt(teachers.trialEndsAt, sql`now()`), lte(teachers.trialEndsAt, sql`now() + make_interval(days => ${TRIAL_ENDING_DAYS})`));
    case 'ended':
      return and(isNotNull(teachers.trialEndsAt), lte(teachers.trialEndsAt, sql`now()`));
    case 'none':
      return isNull(teachers.trialEndsAt);
  }
}

function teacherFilters(query: TAdminTeachersQuery): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(sql`${teachers.name} ilike ${pattern}`, sql`${teachers.email} ilike ${pattern}`, sql`${teachers.subdomain} ilike ${pattern}`));
  }
  if (query.status) conditions.push(eq(teachers.status, query.status));
  if (query.plan) conditions.push(eq(teachers.plan, query.plan));
  if (query.trial) conditions.push(trialCondition(query.trial));
  return and(...conditions);
}

/** Decided by the database clock, like the filters, so that the list and its badges agree. */
export const onTrial = sql<boolean>`coalesce(${teachers.trialEndsAt} > now(), false)`;

/** The platform's teachers, filtered and paged, with how many students each has. */
export async function listTeachers({ db }: TAdminDeps, query: TAdminTeachersQuery) {
  const where = teacherFilters(query);
  const page = await pageOf(db, { table: teachers, where, page: query.page, pageSize: query.pageSize }, (limit, offset) =>
    db
      .select({
        id: teachers.id,
        name: teachers.name,
        email: teachers.email,
        subdomain: teachers.subdomain,
        status: teachers.status,
        plan: teachers.plan,
        trialEndsAt: teachers.trialEndsAt,
        onTrial,
        createdAt: teachers.createdAt,
      })
      .from(teachers)
      .where(where)
      .orderBy(desc(teachers.createdAt), desc(teachers.id))
      .limit(limit)
      .offset(offset),
  );
  const rows = page.items;
  // Counted for the page's teachers only, after paging, so a deep page does not count for every row it skips.
  const counts = rows.length
    ? await db
        .select({ teacherId: teacherStudents.teacherId, n: sql<number>`count(*)::int` })
        .from(teacherStudents)
        .where(
          inArray(
            teacherStudents.teacherId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(teacherStudents.teacherId)
    : [];
  const studentsOf = new Map(counts.map((c) => [c.teacherId, c.n]));
  return { ...page, items: rows.map((r) => ({ ...r, studentCount: studentsOf.get(r.id) ?? 0 })) };
}
