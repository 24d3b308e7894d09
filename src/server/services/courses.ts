import path from 'node:path';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TCourseCreate, TCourseUpdate, TPlanInput } from '../../shared/schemas/courses';
import type { TConfig } from '../config';
import type { Db } from '../db/client';
import { coursePlans, courses, courseSections, enrollments, lessons, teachers } from '../db/schema';
import { AppError } from '../errors';
import { deriveCodeKeys, resolveCodesSecret } from './codes-crypto';
import { codesService } from './codes';
import { redemptionService } from './codes-redeem';
import { coursesContentService } from './courses-content';
import { iso, ownCourse, type TClock, type TCoursesDeps, type TTx } from './courses-deps';
import { filesStore, type TFilesStore } from './courses-files';
import { learningService } from './courses-learning';
import { ensureCourseCapacity, planUsage } from './courses-limits';
import { subscriptionsService } from './subscriptions';

type TTeacher = { id: string; plan: string; trialEndsAt: Date | null };

export function coverUrl(course: { id: string; coverKey: string | null; updatedAt: Date }): string | null {
  return course.coverKey ? `/api/courses/covers/${course.id}?v=${course.updatedAt.getTime()}` : null;
}

/** Active plans of some courses, in the teacher's order. */
export async function activePlans(db: TTx, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(coursePlans)
    .where(and(inArray(coursePlans.courseId, courseIds), isNull(coursePlans.retiredAt)))
    .orderBy(asc(coursePlans.position), asc(coursePlans.createdAt));
}

export function planView(p: typeof coursePlans.$inferSelect) {
  return { id: p.id, type: p.type, priceDzd: p.priceDzd, durationDays: p.durationDays, autoRenew: p.autoRenew };
}

/** Sections in order, each with its lessons in order: the course outline every screen starts from. */
export async function outlineOf(db: TTx, courseId: string) {
  const sections = await db
    .select()
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.createdAt));
  const rows = await db
    .select()
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.createdAt));
  return sections.map((s) => ({ section: s, lessons: rows.filter((l) => l.sectionId === s.id) }));
}

export function teacherLessonView(l: typeof lessons.$inferSelect) {
  return {
    id: l.id,
    sectionId: l.sectionId,
    title: l.title,
    type: l.type,
    bodyHtml: l.bodyHtml,
    url: l.url,
    file: l.fileKey ? { name: l.fileName ?? 'file', type: l.fileType ?? '', size: l.fileSize ?? 0 } : null,
    releaseAt: iso(l.releaseAt),
  };
}

function coursesService(deps: TCoursesDeps, files: TFilesStore) {
  const { db, clock } = deps;

  async function lessonCounts(courseIds: string[]) {
    if (courseIds.length === 0) return new Map<string, number>();
    const rows = await db
      .select({ courseId: lessons.courseId, n: count() })
      .from(lessons)
      .where(inArray(lessons.courseId, courseIds))
      .groupBy(lessons.courseId);
    return new Map(rows.map((r) => [r.courseId, r.n]));
  }

  return {
    usage: (teacher: TTeacher) => planUsage(db, teacher, clock.now()),

    async list(teacher: TTeacher) {
      const rows = await db.select().from(courses).where(eq(courses.teacherId, teacher.id)).orderBy(desc(courses.createdAt));
      const ids = rows.map((r) => r.id);
      const counts = await lessonCounts(ids);
      const students = ids.length
        ? await db
            .select({ courseId: enrollments.courseId, n: count() })
            .from(enrollments)
            .where(and(inArray(enrollments.courseId, ids), eq(enrollments.status, 'active')))
            .groupBy(enrollments.courseId)
        : [];
      const plans = await activePlans(db, ids);
      return {
        courses: rows.map((c) => ({
          id: c.id,
          title: c.title,
          description: c.description,
          kind: c.kind,
          status: c.status,
          coverUrl: coverUrl(c),
          lessonCount: counts.get(c.id) ?? 0,
          studentCount: students.find((s) => s.courseId === c.id)?.n ?? 0,
          plans: plans.filter((p) => p.courseId === c.id).map(planView),
          updatedAt: c.updatedAt.toISOString(),
        })),
        usage: await planUsage(db, teacher, clock.now()),
      };
    },

    async create(teacher: TTeacher, input: TCourseCreate) {
      return db.transaction(async (tx) => {
        await ensureCourseCapacity(tx, teacher.id);
        const [row] = await tx
          .insert(courses)
          .values({ teacherId: teacher.id, title: input.title, description: input.description, kind: input.kind })
          .returning({ id: courses.id });
        return { id: row!.id };
      });
    },

    async get(teacherId: string, courseId: string) {
      const course = await ownCourse(db, teacherId, courseId);
      const outline = await outlineOf(db, courseId);
      const plans = await activePlans(db, [courseId]);
      const [enrolled] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
      return {
        id: course.id,
        title: course.title,
        description: course.description,
        kind: course.kind,
        status: course.status,
        coverUrl: coverUrl(course),
        plans: plans.map(planView),
        enrollmentCount: enrolled?.n ?? 0,
        sections: outline.map(({ section, lessons: ls }) => ({ id: section.id, title: section.title, lessons: ls.map(teacherLessonView) })),
      };
    },

    async update(teacher: TTeacher, courseId: string, input: TCourseUpdate) {
      await db.transaction(async (tx) => {
        const course = await ownCourse(tx, teacher.id, courseId);
        if (input.status === 'published' && course.status !== 'published') await ensurePublishable(tx, courseId);
        // Leaving the archive takes a place in the plan again.
        if (input.status && input.status !== 'archived' && course.status === 'archived') await ensureCourseCapacity(tx, teacher.id);
        await tx
          .update(courses)
          .set({ ...input, updatedAt: sql`now()` })
          .where(and(eq(courses.id, courseId), eq(courses.teacherId, teacher.id)));
      });
      deps.onCoursesChanged(teacher.id);
      return { ok: true as const };
    },

    /** Deleting would take paid access away; a course with subscriptions can only be archived. */
    async remove(teacherId: string, courseId: string) {
      const keys = await db.transaction(async (tx) => {
        const course = await ownCourse(tx, teacherId, courseId);
        const [enrolled] = await tx.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
        if ((enrolled?.n ?? 0) > 0) throw new AppError('COURSE_HAS_STUDENTS');
        const stored = await tx.select({ key: lessons.fileKey }).from(lessons).where(eq(lessons.courseId, courseId));
        await tx.delete(courses).where(and(eq(courses.id, courseId), eq(courses.teacherId, teacherId)));
        return [course.coverKey, ...stored.map((s) => s.key)];
      });
      deps.onCoursesChanged(teacherId);
      await Promise.all(keys.map((k) => files.remove(k)));
      return { ok: true as const };
    },

    /** Replaces the price list: kept plans are updated, new ones added, missing ones retired (never deleted). */
    async putPlans(teacherId: string, courseId: string, plans: TPlanInput[]) {
      await db.transaction(async (tx) => {
        await ownCourse(tx, teacherId, courseId);
        const current = await activePlans(tx, [courseId]);
        const keep = new Set(plans.flatMap((p) => (p.id ? [p.id] : [])));
        for (const p of current) {
          if (!keep.has(p.id)) await tx.update(coursePlans).set({ retiredAt: sql`now()` }).where(eq(coursePlans.id, p.id));
        }
        for (const [position, p] of plans.entries()) {
          const values = { type: p.type, priceDzd: p.priceDzd, durationDays: p.type === 'custom' ? p.durationDays : null, autoRenew: p.autoRenew, position };
          if (p.id && current.some((c) => c.id === p.id)) await tx.update(coursePlans).set(values).where(eq(coursePlans.id, p.id));
          else if (p.id) throw new AppError('PLAN_NOT_FOUND');
          else await tx.insert(coursePlans).values({ ...values, teacherId, courseId });
        }
        await tx.update(courses).set({ updatedAt: sql`now()` }).where(eq(courses.id, courseId));
      });
      deps.onCoursesChanged(teacherId);
      return { plans: (await activePlans(db, [courseId])).map(planView) };
    },

    async ensureCourse(teacherId: string, courseId: string) {
      await ownCourse(db, teacherId, courseId);
    },

    async setCover(teacherId: string, courseId: string, stored: { key: string; type: string }) {
      const course = await ownCourse(db, teacherId, courseId);
      await db.update(courses).set({ coverKey: stored.key, coverType: stored.type, updatedAt: sql`now()` }).where(eq(courses.id, courseId));
      deps.onCoursesChanged(teacherId);
      await files.remove(course.coverKey);
      return { ok: true as const };
    },

    /**
     * A published course's cover is public (it shows on the teacher's landing page); any other course's
     * only to its teacher. `viewerUserId` reads the session only when it is needed.
     */
    async cover(courseId: string, viewerUserId: () => Promise<string | null>) {
      const [row] = await db.select({ course: courses, ownerUserId: teachers.userId }).from(courses).innerJoin(teachers, eq(teachers.id, courses.teacherId)).where(eq(courses.id, courseId));
      if (!row?.course.coverKey || !row.course.coverType) throw new AppError('NOT_FOUND');
      const isPublic = row.course.status === 'published';
      if (!isPublic && (await viewerUserId()) !== row.ownerUserId) throw new AppError('NOT_FOUND');
      return { key: row.course.coverKey, type: row.course.coverType, name: 'cover', isPublic };
    },
  };
}

/** Publishing needs something to learn and a way in. */
async function ensurePublishable(tx: TTx, courseId: string) {
  const [l] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.courseId, courseId));
  const plans = await activePlans(tx, [courseId]);
  if ((l?.n ?? 0) === 0 || plans.length === 0) throw new AppError('COURSE_NOT_READY');
}

/** Builds the courses domain: courses, their content, codes, subscriptions and the student side. */
export function createCoursesDomain({ config, db, onCoursesChanged = () => undefined }: { config: TConfig; db: Db; onCoursesChanged?: (teacherId: string) => void }) {
  const clock: TClock = { now: () => new Date() };
  const deps: TCoursesDeps = {
    db,
    config,
    clock,
    keys: deriveCodeKeys(resolveCodesSecret(config)),
    uploadsDir: path.join(config.dataDir, 'uploads'),
    onCoursesChanged,
  };
  const files = filesStore(deps.uploadsDir);
  const redemption = redemptionService(deps);
  return {
    clock,
    files,
    courses: coursesService(deps, files),
    content: coursesContentService(deps, files),
    codes: codesService(deps),
    redemption,
    redemptionLimits: redemption.limits,
    subscriptions: subscriptionsService(deps),
    learning: learningService(deps),
  };
}

export type TCoursesDomain = ReturnType<typeof createCoursesDomain>;

/** The teacher a request's host or /platform/{subdomain} names, if any. */
export async function teacherBySubdomain(db: TTx, subdomain: string) {
  const [teacher] = await db.select().from(teachers).where(sql`lower(${teachers.subdomain}) = ${subdomain.toLowerCase()}`);
  return teacher ?? null;
}
