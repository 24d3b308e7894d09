import { eq, inArray } from 'drizzle-orm';
import { subscriptionStatus } from '@shared/courses';
import type { TStudentsQuery } from '@shared/schemas/courses';
import { courses, enrollments, students, user } from '@server/core/db/schema';
import { iso } from '@server/core/dates';
import { inChunks, progressColumns } from './queries';
import { progressView } from './views';
import type { TSubscriptionsDeps } from './deps';
import { countKeys, cursorOf, pageKeys, type TListFilter, type TListKey } from './list-keys';
import { cachedTotal } from './list-totals';

const EXPORT_MAX_ROWS = 50_000;
const e = enrollments;

/**
 * One page in two steps, so that 100,000 students stay fast: the keys (student, enrollment) come from
 * list-keys.ts in index order, then names, courses and progress are read for that page only.
 */
async function rowsFor(deps: TSubscriptionsDeps, keys: TListKey[], now: Date) {
  const { db } = deps;
  const studentIds = [...new Set(keys.map((k) => k.studentId))];
  const enrollmentIds = keys.flatMap((k) => (k.enrollmentId ? [k.enrollmentId] : []));
  const people = new Map(
    (
      await inChunks(studentIds, (ids) =>
        db
          .select({ id: students.id, name: students.name, email: user.email })
          .from(students)
          .innerJoin(user, eq(user.id, students.id))
          .where(inArray(students.id, ids)),
      )
    ).map((p) => [p.id, p]),
  );
  const subs = new Map(
    (
      await inChunks(enrollmentIds, (ids) =>
        db
          .select({ enrollment: e, courseTitle: courses.title, ...progressColumns })
          .from(e)
          .innerJoin(courses, eq(courses.id, e.courseId))
          .where(inArray(e.id, ids)),
      )
    ).map((x) => [x.enrollment.id, x]),
  );
  const rows = keys.map((k) => {
    const person = people.get(k.studentId);
    const sub = k.enrollmentId ? subs.get(k.enrollmentId) : undefined;
    return {
      studentId: k.studentId,
      name: person?.name ?? '',
      email: person?.email ?? '',
      joinedAt: k.joinedAt.toISOString(),
      enrollment: sub
        ? {
            id: sub.enrollment.id,
            courseId: sub.enrollment.courseId,
            courseTitle: sub.courseTitle,
            planId: sub.enrollment.planId,
            type: sub.enrollment.type,
            ...subscriptionStatus(sub.enrollment, now),
            startedAt: sub.enrollment.startedAt.toISOString(),
            expiresAt: iso(sub.enrollment.expiresAt),
            autoRenew: sub.enrollment.autoRenew,
            totalPaidDzd: sub.enrollment.totalPaidDzd,
            notes: sub.enrollment.notes,
            source: sub.enrollment.source,
            progress: progressView(sub),
          }
        : null,
    };
  });
  return rows;
}

/** Spec §2.4 Student Subscription Management: enrolled and non-enrolled students, a page at a time (decision 225). */
export async function list(deps: TSubscriptionsDeps, teacherId: string, q: TStudentsQuery) {
  const { db, clock } = deps;
  const now = clock.now();
  const { after, before, pageSize, ...filter } = q;
  const cursor = before ? { dir: 'before' as const, at: before } : after ? { dir: 'after' as const, at: after } : undefined;
  // One more than a page tells whether another page follows, without counting.
  const keys = await pageKeys(db, teacherId, filter, now, pageSize + 1, cursor);
  const more = keys.length > pageSize;
  const page = cursor?.dir === 'before' ? keys.slice(more ? 1 : 0) : keys.slice(0, pageSize);
  // A list that fits on its first page is its own count.
  const count = !cursor && !more ? async () => page.length : () => cachedTotal(db, teacherId, filter, () => countKeys(db, teacherId, filter, now));
  const [rows, total] = await Promise.all([rowsFor(deps, page, now), count()]);
  const first = page[0];
  const last = page.at(-1);
  return {
    total,
    pageSize,
    rows,
    // Forward: another page when one more row came, or when we came back from further on.
    nextCursor: last && (cursor?.dir === 'before' || more) ? cursorOf(last) : null,
    prevCursor: first && (cursor?.dir === 'after' || (cursor?.dir === 'before' && more)) ? cursorOf(first) : null,
  };
}

export async function exportRows(deps: TSubscriptionsDeps, teacherId: string, q: TListFilter) {
  return rowsFor(deps, await pageKeys(deps.db, teacherId, q, deps.clock.now(), EXPORT_MAX_ROWS), deps.clock.now());
}

export type TStudentRow = Awaited<ReturnType<typeof exportRows>>[number];
