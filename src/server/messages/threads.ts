import { and, count, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { conversations, messages, students, teachers, teacherStudents } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TMessagesDeps } from './deps';
import { cleanText, excerpt } from './text';

/*
 * One conversation per teacher and student (issue 26). Either side reaches only its own: a teacher only a student
 * of theirs (teacher_students), a student only a teacher they belong to; anything else is "not found".
 */
const PAGE = 100;

export type TSide = 'teacher' | 'student';

type TAttachment = { attachmentKey: string; attachmentMime: string; attachmentSize: number };

export async function belongs(deps: TMessagesDeps, teacherId: string, studentId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: teacherStudents.studentId })
    .from(teacherStudents)
    .where(and(eq(teacherStudents.teacherId, teacherId), eq(teacherStudents.studentId, studentId)));
  return Boolean(row);
}

/** The pair's conversation, made on first use. */
export async function conversationOf(deps: Pick<TMessagesDeps, 'db'>, teacherId: string, studentId: string): Promise<string> {
  await deps.db.insert(conversations).values({ teacherId, studentId }).onConflictDoNothing();
  const [row] = await deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.teacherId, teacherId), eq(conversations.studentId, studentId)));
  return row!.id;
}

/** The thread newest first; reading it marks what the other side wrote as read (read receipts). */
async function thread(deps: TMessagesDeps, teacherId: string, studentId: string, reader: TSide, q: string) {
  if (!(await belongs(deps, teacherId, studentId))) throw new AppError('NOT_FOUND');
  const conversationId = await conversationOf(deps, teacherId, studentId);
  await deps.db
    .update(messages)
    .set({ readAt: deps.clock.now() })
    .where(and(eq(messages.conversationId, conversationId), ne(messages.senderRole, reader), isNull(messages.readAt)));
  const rows = await deps.db
    .select({
      id: messages.id,
      senderRole: messages.senderRole,
      body: messages.body,
      broadcast: sql<boolean>`${messages.broadcastId} is not null`,
      attachmentMime: messages.attachmentMime,
      attachmentSize: messages.attachmentSize,
      readAt: messages.readAt,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), q ? ilike(messages.body, `%${q.replace(/[%_\\]/g, '\\$&')}%`) : undefined))
    .orderBy(desc(messages.createdAt))
    .limit(PAGE);
  const [teacher] = await deps.db.select({ name: teachers.name }).from(teachers).where(eq(teachers.id, teacherId));
  const [student] = await deps.db.select({ name: students.name }).from(students).where(eq(students.id, studentId));
  return {
    teacher: { id: teacherId, name: teacher?.name ?? '' },
    student: { id: studentId, name: student?.name ?? '' },
    messages: rows.map(({ attachmentMime, attachmentSize, ...m }) => ({
      ...m,
      attachment: attachmentMime ? { mime: attachmentMime, size: attachmentSize ?? 0 } : null,
      mine: m.senderRole === reader,
      readAt: m.readAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

async function send(deps: TMessagesDeps, teacherId: string, studentId: string, from: TSide, input: { body: string }) {
  if (!(await belongs(deps, teacherId, studentId))) throw new AppError('NOT_FOUND');
  const body = cleanText(input.body);
  if (!body) throw new AppError('VALIDATION_FAILED');
  return postMessage(deps, teacherId, studentId, from, body);
}

/** Writes a message of a pair already checked, and tells the other side. */
export async function postMessage(deps: TMessagesDeps, teacherId: string, studentId: string, from: TSide, text: string, attachment?: TAttachment) {
  const body = cleanText(text);
  const conversationId = await conversationOf(deps, teacherId, studentId);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(messages)
    .values({ teacherId, conversationId, senderRole: from, body, ...attachment, createdAt: now })
    .returning({ id: messages.id });
  await deps.db.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversationId));
  const [names] = await deps.db
    .select({ teacher: teachers.name, student: students.name })
    .from(teachers)
    .innerJoin(students, eq(students.id, studentId))
    .where(eq(teachers.id, teacherId));
  await deps.notify({
    teacherId,
    kind: 'message',
    eventKey: `message:${row!.id}`,
    ...(from === 'student' ? { toTeacher: true } : { users: [studentId] }),
    params: { sender: (from === 'student' ? names?.student : names?.teacher) ?? '', excerpt: excerpt(body || '📎') },
    link: from === 'student' ? `/dashboard/messages?student=${studentId}` : `/student/dashboard/messages?teacher=${teacherId}`,
  });
  return { id: row!.id, createdAt: now.toISOString() };
}

export const teacherThread = (deps: TMessagesDeps, teacherId: string, studentId: string, q = '') => thread(deps, teacherId, studentId, 'teacher', q);
export const studentThread = (deps: TMessagesDeps, studentId: string, teacherId: string, q = '') => thread(deps, teacherId, studentId, 'student', q);
export const teacherSend = (deps: TMessagesDeps, teacherId: string, studentId: string, input: { body: string }) =>
  send(deps, teacherId, studentId, 'teacher', input);
export const studentSend = (deps: TMessagesDeps, studentId: string, teacherId: string, input: { body: string }) =>
  send(deps, teacherId, studentId, 'student', input);

/** The teacher's conversations, newest first, with what waits unread; `q` finds a student by name or a message. */
export async function teacherConversations(deps: TMessagesDeps, teacherId: string, q = '') {
  const like = `%${q.replace(/[%_\\]/g, '\\$&')}%`;
  const unread = deps.db
    .select({ conversationId: messages.conversationId, n: count().as('n') })
    .from(messages)
    .where(and(eq(messages.teacherId, teacherId), eq(messages.senderRole, 'student'), isNull(messages.readAt)))
    .groupBy(messages.conversationId)
    .as('unread');
  const rows = await deps.db
    .select({
      studentId: conversations.studentId,
      name: students.name,
      lastMessageAt: conversations.lastMessageAt,
      unread: sql<number>`coalesce(${unread.n}, 0)::int`,
    })
    .from(conversations)
    .innerJoin(students, eq(students.id, conversations.studentId))
    .leftJoin(unread, eq(unread.conversationId, conversations.id))
    .where(
      and(
        eq(conversations.teacherId, teacherId),
        q
          ? or(
              ilike(students.name, like),
              sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.body} ilike ${like})`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(PAGE);
  return { conversations: rows.map((r) => ({ ...r, lastMessageAt: r.lastMessageAt.toISOString() })) };
}

/** The student's teachers (every platform they belong to), with unread counts. */
export async function studentConversations(deps: TMessagesDeps, studentId: string) {
  const rows = await deps.db
    .select({
      teacherId: teachers.id,
      name: teachers.name,
      subdomain: teachers.subdomain,
      unread: sql<number>`(select count(*)::int from ${messages} m join ${conversations} c on c.id = m.conversation_id where c.teacher_id = ${teachers.id} and c.student_id = ${studentId} and m.sender_role = 'teacher' and m.read_at is null)`,
    })
    .from(teacherStudents)
    .innerJoin(teachers, eq(teachers.id, teacherStudents.teacherId))
    .where(eq(teacherStudents.studentId, studentId));
  return { conversations: rows };
}
