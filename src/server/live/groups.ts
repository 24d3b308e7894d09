import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { TGroupInput, TGroupMembers } from '@shared/schemas/live';
import { liveGroupMembers, liveGroups, students, teacherStudents, user } from '@server/core/db/schema';
import { pgErrorCode } from '@server/core/db/errors';
import { AppError } from '@server/core/errors';
import type { TLiveDeps } from './deps';
import { ownGroup } from './queries';

/*
 * Student groups ("BAC sciences — group A"). Spec §6: grouping is not in the basic plan (independent); the
 * list still answers there, with `allowed: false`, so that the page can show the way to upgrade.
 */

type TTeacher = { id: string; plan: string };

const groupsAllowed = (plan: string) => plan !== 'independent';

function ensureAllowed(teacher: TTeacher) {
  if (!groupsAllowed(teacher.plan)) throw new AppError('LIVE_GROUPS_PLAN');
}

const uniqueName = (error: unknown) => {
  if (pgErrorCode(error) === '23505') throw new AppError('LIVE_GROUP_EXISTS');
  throw error;
};

export async function listGroups({ db }: TLiveDeps, teacher: TTeacher) {
  const rows = await db
    .select({ id: liveGroups.id, name: liveGroups.name, members: count(liveGroupMembers.studentId) })
    .from(liveGroups)
    .leftJoin(liveGroupMembers, eq(liveGroupMembers.groupId, liveGroups.id))
    .where(eq(liveGroups.teacherId, teacher.id))
    .groupBy(liveGroups.id)
    .orderBy(asc(liveGroups.name));
  return { allowed: groupsAllowed(teacher.plan), groups: rows };
}

export async function createGroup({ db }: TLiveDeps, teacher: TTeacher, input: TGroupInput) {
  ensureAllowed(teacher);
  const [row] = await db.insert(liveGroups).values({ teacherId: teacher.id, name: input.name }).returning().catch(uniqueName);
  return { id: row!.id, name: row!.name, members: 0 };
}

export async function renameGroup({ db }: TLiveDeps, teacher: TTeacher, groupId: string, input: TGroupInput) {
  ensureAllowed(teacher);
  await ownGroup(db, teacher.id, groupId);
  await db.update(liveGroups).set({ name: input.name }).where(eq(liveGroups.id, groupId)).catch(uniqueName);
  return { id: groupId, name: input.name };
}

/** Deleting a group never deletes students; sessions aimed only at it keep their other groups. */
export async function deleteGroup({ db }: TLiveDeps, teacher: TTeacher, groupId: string) {
  await ownGroup(db, teacher.id, groupId);
  await db.delete(liveGroups).where(eq(liveGroups.id, groupId));
  return { deleted: true };
}

export async function groupMembers({ db }: TLiveDeps, teacherId: string, groupId: string) {
  const group = await ownGroup(db, teacherId, groupId);
  const members = await db
    .select({ id: students.id, name: students.name, email: user.email })
    .from(liveGroupMembers)
    .innerJoin(students, eq(students.id, liveGroupMembers.studentId))
    .innerJoin(user, eq(user.id, students.id))
    .where(eq(liveGroupMembers.groupId, groupId))
    .orderBy(asc(students.name));
  return { group: { id: group.id, name: group.name }, members };
}

/** Adds one or many students at once; only the teacher's own students, and a student already there stays. */
export async function addMembers({ db }: TLiveDeps, teacher: TTeacher, groupId: string, input: TGroupMembers) {
  ensureAllowed(teacher);
  await ownGroup(db, teacher.id, groupId);
  const ids = [...new Set(input.studentIds)];
  const mine = await db
    .select({ id: teacherStudents.studentId })
    .from(teacherStudents)
    .where(and(eq(teacherStudents.teacherId, teacher.id), inArray(teacherStudents.studentId, ids)));
  if (mine.length !== ids.length) throw new AppError('STUDENT_NOT_FOUND');
  const added = await db
    .insert(liveGroupMembers)
    .values(ids.map((studentId) => ({ teacherId: teacher.id, groupId, studentId })))
    .onConflictDoNothing()
    .returning({ id: liveGroupMembers.studentId });
  return { added: added.length };
}

export async function removeMember({ db }: TLiveDeps, teacherId: string, groupId: string, studentId: string) {
  await ownGroup(db, teacherId, groupId);
  await db.delete(liveGroupMembers).where(and(eq(liveGroupMembers.groupId, groupId), eq(liveGroupMembers.studentId, studentId)));
  return { removed: true };
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The teacher's students to pick from (name or e-mail search), with the groups each is in. */
export async function pickableStudents({ db }: TLiveDeps, teacherId: string, q: string) {
  const search = q.trim() ? or(ilike(students.name, escapeLike(q.trim())), ilike(user.email, escapeLike(q.trim()))) : undefined;
  const rows = await db
    .select({ id: students.id, name: students.name, email: user.email })
    .from(teacherStudents)
    .innerJoin(students, eq(students.id, teacherStudents.studentId))
    .innerJoin(user, eq(user.id, students.id))
    .where(and(eq(teacherStudents.teacherId, teacherId), search))
    .orderBy(asc(students.name))
    .limit(300);
  const memberships = rows.length
    ? await db
        .select({ studentId: liveGroupMembers.studentId, groupId: liveGroupMembers.groupId })
        .from(liveGroupMembers)
        .where(
          and(
            eq(liveGroupMembers.teacherId, teacherId),
            inArray(
              liveGroupMembers.studentId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  return rows.map((r) => ({ ...r, groupIds: memberships.filter((m) => m.studentId === r.id).map((m) => m.groupId) }));
}
