import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap, type TJson } from '@web/lib/api';
import { putFile } from '@web/lib/put-file';

const teacher = api.messages.teacher;
const student = api.messages.student;
// Conversations are read again often: a reply should show without a reload (the bell's stream refreshes too).
const REFRESH_MS = 5_000;

/** Every messages query starts with 'messages'. */
export const messageKeys = { all: ['messages'] as const };

export const teacherConversationsQuery = (q: string) =>
  queryOptions({
    queryKey: ['messages', 'teacher', 'list', q],
    queryFn: () => unwrap(teacher.conversations.$get({ query: { q } })),
    refetchInterval: REFRESH_MS,
  });
export const teacherThreadQuery = (studentId: string, q: string) =>
  queryOptions({
    queryKey: ['messages', 'teacher', 'thread', studentId, q],
    queryFn: () => unwrap(teacher.conversations[':studentId'].$get({ param: { studentId }, query: { q } })),
    refetchInterval: REFRESH_MS,
  });
export const teacherSend = (studentId: string, json: TJson<(typeof teacher.conversations)[':studentId']['$post']>) =>
  unwrap(teacher.conversations[':studentId'].$post({ param: { studentId }, json }));

// While a broadcast is being fanned out, its counts are read again every few seconds.
export const broadcastsQuery = queryOptions({
  queryKey: ['messages', 'broadcasts'],
  queryFn: () => unwrap(teacher.broadcasts.$get()),
  staleTime: 0,
  refetchInterval: (q) => (q.state.data?.broadcasts.some((b) => b.sending) ? 3_000 : false),
});
/** An image or a PDF in the conversation, with an optional caption (the receipts' checks on the server). */
export const teacherAttach = (studentId: string, file: File, caption: string) =>
  putFile<{ id: string }>(teacher.conversations[':studentId'].attachment.$path({ param: { studentId }, query: { caption } }), file);
export const teacherFileUrl = (studentId: string, messageId: string) =>
  `/api${teacher.conversations[':studentId'].messages[':messageId'].attachment.$path({ param: { studentId, messageId } })}`;
export const studentAttach = (teacherId: string, file: File, caption: string) =>
  putFile<{ id: string }>(student.conversations[':teacherId'].attachment.$path({ param: { teacherId }, query: { caption } }), file);
export const studentFileUrl = (teacherId: string, messageId: string) =>
  `/api${student.conversations[':teacherId'].messages[':messageId'].attachment.$path({ param: { teacherId, messageId } })}`;

export const broadcastTargetsQuery = queryOptions({
  queryKey: ['messages', 'broadcast-targets'],
  queryFn: () => unwrap(teacher.broadcasts.targets.$get()),
  staleTime: 60_000,
});
export const sendBroadcast = (json: TJson<typeof teacher.broadcasts.$post>) => unwrap(teacher.broadcasts.$post({ json }));
export const coursesQuery = queryOptions({
  queryKey: ['messages', 'courses'],
  queryFn: () => unwrap(api.courses.teacher.courses.$get()).then((r) => r.courses.filter((c) => c.status !== 'archived')),
  staleTime: 60_000,
});

export const studentConversationsQuery = queryOptions({
  queryKey: ['messages', 'student', 'list'],
  queryFn: () => unwrap(student.conversations.$get()),
  refetchInterval: REFRESH_MS,
});
export const studentThreadQuery = (teacherId: string, q: string) =>
  queryOptions({
    queryKey: ['messages', 'student', 'thread', teacherId, q],
    queryFn: () => unwrap(student.conversations[':teacherId'].$get({ param: { teacherId }, query: { q } })),
    refetchInterval: REFRESH_MS,
  });
export const studentSend = (teacherId: string, json: TJson<(typeof student.conversations)[':teacherId']['$post']>) =>
  unwrap(student.conversations[':teacherId'].$post({ param: { teacherId }, json }));

export type TThread = InferResponseType<(typeof teacher.conversations)[':studentId']['$get'], 200>;

const admin = api.messages.admin;
/** The admins' inbox of teachers' feedback, with the answer and status they set. */
export const adminFeedbackQuery = queryOptions({ queryKey: ['messages', 'admin-feedback'], queryFn: () => unwrap(admin.feedback.$get()), staleTime: 0 });
export const answerFeedback = (id: string, json: TJson<(typeof admin.feedback)[':id']['$patch']>) =>
  unwrap(admin.feedback[':id'].$patch({ param: { id }, json }));

export const feedbackQuery = queryOptions({ queryKey: ['messages', 'feedback'], queryFn: () => unwrap(teacher.feedback.$get()), staleTime: 0 });
export const sendFeedback = (json: TJson<typeof teacher.feedback.$post>) => unwrap(teacher.feedback.$post({ json }));
