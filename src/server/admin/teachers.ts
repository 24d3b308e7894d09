import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { PLANS, type TPlanId } from '@shared/plans';
import { TRIAL_ENDING_DAYS, type TAdminTeachersQuery } from '@shared/schemas/admin';
import type { TAuth } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { courses, teachers, teacherStudents, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import type { TActor } from './admins';
import { countPublishedCourses, countPublishedPages } from './counts';
import { listAudit } from './audit-log';
import { likePattern, pageOf } from './lists';
import { planUsage } from '@server/plans';
import { audit } from '@server/core/audit';

/** The detail page lists this many of the teacher's courses, newest first (the count covers them all). */
const COURSE_LIST_LIMIT = 50;
/** …and this many of the latest audit entries about the teacher. */
const HISTORY_LIMIT = 10;

type TDeps = { db: Db; auth: TAuth; config: Pick<TConfig, 'publicHost' | 'publicHttps'> };

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
const onTrial = sql<boolean>`coalesce(${teachers.trialEndsAt} > now(), false)`;

/** The platform's view of its teachers: find them, look at one, and change their status, plan or trial. */
export function adminTeachersService({ db, auth, config }: TDeps) {
  const platformUrl = (subdomain: string) => `${config.publicHttps ? 'https' : 'http'}://${subdomain}.${config.publicHost}`;

  async function teacherById(teacherId: string) {
    const [teacher] = await db.select().from(teachers).where(eq(teachers.id, teacherId));
    if (!teacher) throw new AppError('NOT_FOUND');
    return teacher;
  }

  return {
    async list(query: TAdminTeachersQuery) {
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
            .where(inArray(teacherStudents.teacherId, rows.map((r) => r.id)))
            .groupBy(teacherStudents.teacherId)
        : [];
      const studentsOf = new Map(counts.map((c) => [c.teacherId, c.n]));
      return { ...page, items: rows.map((r) => ({ ...r, studentCount: studentsOf.get(r.id) ?? 0 })) };
    },

    /** Profile, platform link, plan, how much of the plan's limits is used, and the latest admin actions. */
    async detail(teacherId: string) {
      const teacher = await teacherById(teacherId);
      const [trial] = await db.select({ onTrial }).from(teachers).where(eq(teachers.id, teacher.id));
      const [account] = await db.select({ emailVerified: user.emailVerified, language: user.language }).from(user).where(eq(user.id, teacher.userId));
      const [members] = await db.select({ n: sql<number>`count(*)::int` }).from(teacherStudents).where(eq(teacherStudents.teacherId, teacher.id));
      // The same usage the plan limits are enforced with (docs/decisions/033-plan-limits-and-trial.md).
      const usage = await planUsage(db, teacher, new Date());
      const [publishedCourses, publishedPages] = await Promise.all([countPublishedCourses(db, teacher.id), countPublishedPages(db, teacher.id)]);
      const courseList = await db
        .select({ id: courses.id, title: courses.title, status: courses.status, createdAt: courses.createdAt })
        .from(courses)
        .where(eq(courses.teacherId, teacher.id))
        .orderBy(desc(courses.createdAt))
        .limit(COURSE_LIST_LIMIT);
      // The latest entries, formatted like the audit log's; the screen links to the full, filtered log.
      const history = await listAudit(db, { teacher: teacher.id, page: 1, pageSize: HISTORY_LIMIT });
      return {
        id: teacher.id,
        name: teacher.name,
        email: teacher.email,
        emailVerified: account?.emailVerified ?? false,
        language: account?.language ?? 'ar',
        subdomain: teacher.subdomain,
        platformUrl: platformUrl(teacher.subdomain),
        status: teacher.status,
        plan: teacher.plan,
        trialEndsAt: teacher.trialEndsAt,
        onTrial: trial?.onTrial ?? false,
        createdAt: teacher.createdAt,
        usage: {
          students: usage.students,
          courses: usage.courses,
          // Lesson files and videos against the plan's 15, 30 or 100 GB (the courses domain enforces it).
          storage: usage.storage,
          // The plans name staff seats (spec §9), but staff accounts do not exist yet: `used` is null.
          staff: { used: null, limit: PLANS.find((p) => p.id === teacher.plan)?.staff ?? 0 },
        },
        studentCount: members?.n ?? 0,
        publishedCourses,
        publishedPages,
        courses: courseList,
        history,
      };
    },

    /** Choosing the plan the teacher already has changes nothing and writes no audit entry. */
    async changePlan(teacherId: string, plan: TPlanId, actor: TActor) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ plan: teachers.plan }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
        if (!before) throw new AppError('NOT_FOUND');
        if (before.plan === plan) return { plan };
        await tx.update(teachers).set({ plan }).where(eq(teachers.id, teacherId));
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'admin',
          action: 'teacher.plan_changed',
          targetType: 'teacher',
          targetId: teacherId,
          teacherId,
          details: { from: before.plan, to: plan },
          ip: actor.ip,
        });
        return { plan };
      });
    },

    /** Adds days to the trial: from its end if it still runs, otherwise from now. */
    async extendTrial(teacherId: string, days: number, actor: TActor) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ trialEndsAt: teachers.trialEndsAt }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
        if (!before) throw new AppError('NOT_FOUND');
        const [after] = await tx
          .update(teachers)
          .set({ trialEndsAt: sql`greatest(coalesce(${teachers.trialEndsAt}, now()), now()) + make_interval(days => ${days})` })
          .where(eq(teachers.id, teacherId))
          .returning({ trialEndsAt: teachers.trialEndsAt });
        const trialEndsAt = after!.trialEndsAt!.toISOString();
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'admin',
          action: 'teacher.trial_extended',
          targetType: 'teacher',
          targetId: teacherId,
          teacherId,
          details: { days, from: before.trialEndsAt?.toISOString() ?? null, to: trialEndsAt },
          ip: actor.ip,
        });
        return { trialEndsAt };
      });
    },

    /** The teacher receives the usual reset e-mail, in their language; the admin never sees the link. */
    async sendPasswordReset(teacherId: string, actor: TActor, ctx: TRequestContext) {
      const teacher = await teacherById(teacherId);
      await auth.api.requestPasswordReset({ body: { email: teacher.email, redirectTo: '/reset-password' }, headers: ctx.headers });
      await audit(db, {
        actorUserId: actor.userId,
        actorRole: 'admin',
        action: 'teacher.password_reset_sent',
        targetType: 'teacher',
        targetId: teacherId,
        teacherId,
        details: { email: teacher.email },
        ip: actor.ip,
      });
      return { sent: true as const };
    },
  };
}

export type TAdminTeachersService = ReturnType<typeof adminTeachersService>;
