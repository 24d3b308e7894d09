import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap, type TJson } from '@web/lib/api';

const teacher = api.live.teacher;
const student = api.live.student;

/** Every live query starts with 'live', so one invalidation after a change refreshes them all. */
export const liveKeys = { all: ['live'] as const };

export const providerQuery = queryOptions({ queryKey: ['live', 'provider'], queryFn: () => unwrap(teacher.provider.$get()), staleTime: 5 * 60_000 });

export const teacherCoursesQuery = queryOptions({
  queryKey: ['live', 'courses'],
  queryFn: () => unwrap(api.courses.teacher.courses.$get()).then((r) => r.courses.filter((c) => c.status !== 'archived')),
  staleTime: 60_000,
});

export const sessionsQuery = (view: 'upcoming' | 'past' | 'week', from?: string) =>
  queryOptions({
    queryKey: ['live', 'sessions', view, from ?? ''],
    queryFn: () => unwrap(teacher.sessions.$get({ query: { view, ...(from ? { from } : {}) } })),
    staleTime: 0,
    // The list marks what is live now.
    refetchInterval: 60_000,
  });

export const sessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['live', 'session', sessionId],
    queryFn: () => unwrap(teacher.sessions[':sessionId'].$get({ param: { sessionId } })),
    staleTime: 0,
    // Who is present changes during the session.
    refetchInterval: 30_000,
  });

export const groupsQuery = queryOptions({ queryKey: ['live', 'groups'], queryFn: () => unwrap(teacher.groups.$get()), staleTime: 0 });

export const membersQuery = (groupId: string) =>
  queryOptions({
    queryKey: ['live', 'members', groupId],
    queryFn: () => unwrap(teacher.groups[':groupId'].members.$get({ param: { groupId } })),
    staleTime: 0,
  });

export const pickableQuery = (q: string) =>
  queryOptions({ queryKey: ['live', 'pickable', q], queryFn: () => unwrap(teacher.students.$get({ query: { q } })).then((r) => r.students), staleTime: 0 });

export const studentSessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['live', 'student', sessionId],
    queryFn: () => unwrap(student.sessions[':sessionId'].$get({ param: { sessionId } })),
    staleTime: 0,
  });

export type TSessionRow = InferResponseType<typeof teacher.sessions.$get, 200>['sessions'][number];
export type TSessionDetail = InferResponseType<(typeof teacher.sessions)[':sessionId']['$get'], 200>;
export type TGroup = InferResponseType<typeof teacher.groups.$get, 200>['groups'][number];
export type TJoin = InferResponseType<(typeof student.sessions)[':sessionId']['join']['$post'], 200>['join'];
export type TSessionCreate = TJson<typeof teacher.sessions.$post>;
export type TSessionUpdate = TJson<(typeof teacher.sessions)[':sessionId']['$patch']>;

export const attendanceCsvPath = (sessionId: string) => `/api/live/teacher/sessions/${sessionId}/attendance/csv`;

export const liveApi = {
  createSessions: (json: TSessionCreate) => unwrap(teacher.sessions.$post({ json })),
  updateSession: (sessionId: string, json: TSessionUpdate) => unwrap(teacher.sessions[':sessionId'].$patch({ param: { sessionId }, json })),
  cancelSession: (sessionId: string, following: boolean) => unwrap(teacher.sessions[':sessionId'].cancel.$post({ param: { sessionId }, json: { following } })),
  teacherJoin: (sessionId: string) => unwrap(teacher.sessions[':sessionId'].join.$post({ param: { sessionId } })),
  addRecording: (sessionId: string) => unwrap(teacher.sessions[':sessionId'].recording.$post({ param: { sessionId } })),
  createGroup: (name: string) => unwrap(teacher.groups.$post({ json: { name } })),
  renameGroup: (groupId: string, name: string) => unwrap(teacher.groups[':groupId'].$patch({ param: { groupId }, json: { name } })),
  deleteGroup: (groupId: string) => unwrap(teacher.groups[':groupId'].$delete({ param: { groupId } })),
  addMembers: (groupId: string, studentIds: string[]) => unwrap(teacher.groups[':groupId'].members.$post({ param: { groupId }, json: { studentIds } })),
  removeMember: (groupId: string, studentId: string) => unwrap(teacher.groups[':groupId'].members[':studentId'].$delete({ param: { groupId, studentId } })),
  studentJoin: (sessionId: string, deviceId: string) => unwrap(student.sessions[':sessionId'].join.$post({ param: { sessionId }, json: { deviceId } })),
  /** participantId: this device's occupant in the Jitsi room, so that Darsi can remove it once replaced (decision 141). */
  heartbeat: (sessionId: string, deviceId: string, participantId: string | null) =>
    unwrap(student.sessions[':sessionId'].heartbeat.$post({ param: { sessionId }, json: { deviceId, ...(participantId ? { participantId } : {}) } })),
  /** keepalive: also sent while the page unloads, so that the visit ends when the tab closes. */
  leave: (sessionId: string, deviceId: string) =>
    student.sessions[':sessionId'].leave.$post({ param: { sessionId }, json: { deviceId } }, { init: { keepalive: true } }).catch(() => undefined),
};
