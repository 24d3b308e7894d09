import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TListCursor, TStudentsQuery } from '@shared/schemas/courses';
import { enrollments, students, teacherStudents, user } from '@server/core/db/schema';
import type { Db } from '@server/core/db/client';
import { rowsOf } from '@server/core/db/sql';
import { likePattern, statusCondition } from './queries';

/*
 * The keys of one page of the teacher's student list (decision 225): keyset pagination on two index-ordered
 * branches, so that a page costs the same at 100,000 students as at 100, whichever page it is.
 * - students with an enrollment (one row per enrollment), newest enrollment first: `enrollments_teacher_created_idx`;
 * - students without one (in the chosen course), newest membership first: `teacher_students_teacher_joined_idx`.
 * Each branch stops after one page; the two are merged on the same key: (time, student, enrollment), descending.
 */

export type TListFilter = Omit<TStudentsQuery, 'after' | 'before' | 'pageSize'>;
export type TListKey = { studentId: string; enrollmentId: string | null; joinedAt: Date; micros: string };

/** The enrollment id a row without enrollment sorts with: below every real one. */
export const NO_ENROLLMENT = '00000000-0000-0000-0000-000000000000';
const e = enrollments;
const ts = teacherStudents;

/** Students whose name or e-mail contains the search: each side through its own trigram index. */
function matching(q: string): SQL {
  const pattern = likePattern(q);
  return sql`(select ${students.id} from ${students} where ${students.name} ilike ${pattern}
    union select ${user.id} from ${user} where ${user.email} ilike ${pattern})`;
}

const instant = (micros: string) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/** Which branches a filter can show: a status or a plan type needs an enrollment; 'none' needs none. */
function branches(f: TListFilter) {
  return { enrolled: f.status !== 'none', bare: !f.type && (!f.status || f.status === 'none') };
}

function enrolledWhere(teacherId: string, f: TListFilter, now: Date): SQL {
  return and(
    eq(e.teacherId, teacherId),
    f.courseId ? eq(e.courseId, f.courseId) : undefined,
    f.status && f.status !== 'none' ? statusCondition(f.status, now) : undefined,
    f.type ? eq(e.type, f.type) : undefined,
    f.q ? sql`${e.studentId} in ${matching(f.q)}` : undefined,
  )!;
}

function bareWhere(teacherId: string, f: TListFilter): SQL {
  const course = f.courseId ? sql` and ${e.courseId} = ${f.courseId}` : sql``;
  return and(
    eq(ts.teacherId, teacherId),
    sql`not exists (select 1 from ${e} where ${e.teacherId} = ${ts.teacherId} and ${e.studentId} = ${ts.studentId}${course})`,
    f.q ? sql`${ts.studentId} in ${matching(f.q)}` : undefined,
  )!;
}

/**
 * Up to `limit` keys after (or before) the cursor, in list order. The enrollments are joined to the membership so
 * that a row keeps the date the student joined, and so that only the teacher's own students show.
 */
export async function pageKeys(db: Db, teacherId: string, f: TListFilter, now: Date, limit: number, cursor?: { dir: 'after' | 'before'; at: TListCursor }) {
  const { enrolled, bare } = branches(f);
  const back = cursor?.dir === 'before';
  const op = sql.raw(back ? '>' : '<');
  // The indexes are (… DESC NULLS LAST): the same order forward, scanned backward for `before`.
  const order = sql.raw(back ? 'asc nulls first' : 'desc nulls last');
  const c = cursor?.at;
  const parts: SQL[] = [];
  if (enrolled) {
    const after = c ? sql` and (${e.createdAt}, ${e.studentId}, ${e.id}) ${op} (${instant(c.micros)}, ${c.studentId}, ${c.enrollmentId}::uuid)` : sql``;
    parts.push(sql`(select ${e.studentId} as student_id, ${e.id} as enrollment_id, ${e.createdAt} as sort_at, ${ts.joinedAt} as joined_at
      from ${e} inner join ${ts} on ${ts.teacherId} = ${e.teacherId} and ${ts.studentId} = ${e.studentId}
      where ${enrolledWhere(teacherId, f, now)}${after}
      order by ${e.createdAt} ${order}, ${e.studentId} ${order}, ${e.id} ${order} limit ${limit})`);
  }
  if (bare) {
    // A bare row sorts as (joined, student, NO_ENROLLMENT): a student never has a bare row and an enrollment row in
    // the same list, so comparing (joined, student) is the whole comparison.
    const after = c ? sql` and (${ts.joinedAt}, ${ts.studentId}) ${op} (${instant(c.micros)}, ${c.studentId})` : sql``;
    parts.push(sql`(select ${ts.studentId} as student_id, null::uuid as enrollment_id, ${ts.joinedAt} as sort_at, ${ts.joinedAt} as joined_at
      from ${ts} where ${bareWhere(teacherId, f)}${after}
      order by ${ts.joinedAt} ${order}, ${ts.studentId} ${order} limit ${limit})`);
  }
  const dir = sql.raw(back ? 'asc' : 'desc');
  const nullsAt = sql.raw(back ? 'nulls first' : 'nulls last');
  const rows = rowsOf<{ student_id: string; enrollment_id: string | null; joined_at: string | Date; micros: string }>(
    await db.execute(sql`select student_id, enrollment_id, joined_at, (extract(epoch from sort_at) * 1000000)::bigint::text as micros
      from (${sql.join(parts, sql` union all `)}) as k
      order by sort_at ${dir}, student_id ${dir}, enrollment_id ${dir} ${nullsAt} limit ${limit}`),
  );
  const keys: TListKey[] = rows.map((r) => ({
    studentId: r.student_id,
    enrollmentId: r.enrollment_id,
    joinedAt: new Date(r.joined_at),
    micros: String(r.micros),
  }));
  return back ? keys.reverse() : keys;
}

/** Every row the filter shows, counted on the same two branches (index-only scans on the narrow tables). */
export async function countKeys(db: Db, teacherId: string, f: TListFilter, now: Date): Promise<number> {
  const { enrolled, bare } = branches(f);
  const zero = sql`0`;
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(
      sql`select (${
        enrolled
          ? sql`(select count(*) from ${e} inner join ${ts} on ${ts.teacherId} = ${e.teacherId} and ${ts.studentId} = ${e.studentId} where ${enrolledWhere(teacherId, f, now)})`
          : zero
      }) + (${bare ? sql`(select count(*) from ${ts} where ${bareWhere(teacherId, f)})` : zero}) as n`,
    ),
  );
  return Number(row?.n ?? 0);
}

export const cursorOf = (key: TListKey) => `${key.micros}.${key.enrollmentId ?? NO_ENROLLMENT}.${key.studentId}`;
