import { Hono } from 'hono';
import { z } from 'zod';
import { ZDevice, ZGroupInput, ZLiveHeartbeat, ZGroupMembers, ZSessionCreate, ZSessionsQuery, ZSessionUpdate } from '@shared/schemas/live';
import type { TGuards, TStudentEnv, TTeacherEnv } from '@server/auth';
import { attachment } from '@server/core/attachment';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { csvFileName, localDateTime, toCsv } from '@server/core/csv';
import { requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import type { TLive } from './index';
import { liveText } from './texts';

const ZSessionParam = z.object({ sessionId: z.uuid('fields.invalid') });
const ZGroupParam = z.object({ groupId: z.uuid('fields.invalid') });
const ZMemberParam = z.object({ groupId: z.uuid('fields.invalid'), studentId: z.string().min(1).max(100) });
const ZSearch = z.object({ q: z.string().max(200).default('') });
const ZCancel = z.object({ following: z.boolean().default(false) });
const ZStudentQuery = z.object({ platform: z.string().max(63).optional(), courseId: z.uuid('fields.invalid').optional() });

type TDeps = { live: TLive; config: TConfig };

/** /api/live/teacher/…: groups, scheduling, the teacher's own join, attendance and its export. */
function liveTeacherRoutes({ live, config }: TDeps) {
  const { groups, sessions, joining } = live;
  return new Hono<TTeacherEnv>()
    .get('/provider', async (c) => c.json(await live.providerStatus()))
    .get('/groups', async (c) => c.json(await groups.listGroups(c.var.teacher)))
    .post('/groups', validate('json', ZGroupInput), async (c) => c.json(await groups.createGroup(c.var.teacher, c.req.valid('json')), 201))
    .patch('/groups/:groupId', validate('param', ZGroupParam), validate('json', ZGroupInput), async (c) =>
      c.json(await groups.renameGroup(c.var.teacher, c.req.valid('param').groupId, c.req.valid('json'))),
    )
    .delete('/groups/:groupId', validate('param', ZGroupParam), async (c) => c.json(await groups.deleteGroup(c.var.teacher, c.req.valid('param').groupId)))
    .get('/groups/:groupId/members', validate('param', ZGroupParam), async (c) =>
      c.json(await groups.groupMembers(c.var.teacher.id, c.req.valid('param').groupId)),
    )
    .post('/groups/:groupId/members', validate('param', ZGroupParam), validate('json', ZGroupMembers), async (c) =>
      c.json(await groups.addMembers(c.var.teacher, c.req.valid('param').groupId, c.req.valid('json'))),
    )
    .delete('/groups/:groupId/members/:studentId', validate('param', ZMemberParam), async (c) => {
      const { groupId, studentId } = c.req.valid('param');
      return c.json(await groups.removeMember(c.var.teacher.id, groupId, studentId));
    })
    .get('/students', validate('query', ZSearch), async (c) => c.json({ students: await groups.pickableStudents(c.var.teacher.id, c.req.valid('query').q) }))
    .get('/sessions', validate('query', ZSessionsQuery), async (c) => c.json(await sessions.listSessions(c.var.teacher.id, c.req.valid('query'))))
    .post('/sessions', validate('json', ZSessionCreate), async (c) => c.json(await sessions.createSessions(c.var.teacher, c.req.valid('json')), 201))
    .get('/sessions/:sessionId', validate('param', ZSessionParam), async (c) =>
      c.json(await sessions.sessionDetail(c.var.teacher.id, c.req.valid('param').sessionId)),
    )
    .patch('/sessions/:sessionId', validate('param', ZSessionParam), validate('json', ZSessionUpdate), async (c) =>
      c.json(await sessions.updateSession(c.var.teacher, c.req.valid('param').sessionId, c.req.valid('json'))),
    )
    .post('/sessions/:sessionId/cancel', validate('param', ZSessionParam), validate('json', ZCancel), async (c) =>
      c.json(await sessions.cancelSession(c.var.teacher, c.req.valid('param').sessionId, c.req.valid('json').following)),
    )
    .post('/sessions/:sessionId/join', validate('param', ZSessionParam), async (c) =>
      c.json(await joining.teacherJoin(c.var.teacher.id, c.var.viewer, c.req.valid('param').sessionId)),
    )
    .post('/sessions/:sessionId/recording', validate('param', ZSessionParam), async (c) =>
      c.json(await sessions.addRecording(c.var.teacher.id, c.req.valid('param').sessionId, requestContext(c, config).language)),
    )
    .get('/sessions/:sessionId/attendance/csv', validate('param', ZSessionParam), async (c) => {
      const l = requestContext(c, config).language;
      const { session, people } = await sessions.sessionDetail(c.var.teacher.id, c.req.valid('param').sessionId);
      const header = ['name', 'email', 'invited', 'attended', 'minutes', 'joins', 'firstJoined', 'lastLeft'].map((k) => liveText(l, `csv.${k}`));
      const yesNo = (v: boolean) => liveText(l, v ? 'csv.yes' : 'csv.no');
      const time = (iso: string | null) => (iso ? localDateTime(new Date(iso)) : '');
      const rows = people.map((p) => [p.name, p.email, yesNo(p.invited), yesNo(p.attended), p.minutes, p.joins, time(p.firstJoinedAt), time(p.lastLeftAt)]);
      return attachment(
        toCsv(header, rows),
        'text/csv; charset=utf-8',
        csvFileName(`attendance-${localDateTime(new Date(session.startsAt)).slice(0, 10)}-${session.id.slice(0, 8)}`),
      );
    });
}

/** /api/live/student/…: coming sessions, the join page, joining with one device, heartbeats and leaving. */
function liveStudentRoutes({ live: { joining }, config }: TDeps) {
  return new Hono<TStudentEnv>()
    .get('/sessions', validate('query', ZStudentQuery), async (c) => {
      const q = c.req.valid('query');
      const platform = requestContext(c, config).hostSubdomain ?? q.platform ?? null;
      return c.json(await joining.upcomingForStudent(c.var.studentId, { platform, courseId: q.courseId ?? null }));
    })
    .get('/sessions/:sessionId', validate('param', ZSessionParam), async (c) =>
      c.json(await joining.studentSessionInfo(c.var.studentId, c.req.valid('param').sessionId)),
    )
    .post('/sessions/:sessionId/join', validate('param', ZSessionParam), validate('json', ZDevice), async (c) =>
      c.json(await joining.studentJoin(c.var.studentId, c.req.valid('param').sessionId, c.req.valid('json').deviceId)),
    )
    .post('/sessions/:sessionId/heartbeat', validate('param', ZSessionParam), validate('json', ZLiveHeartbeat), async (c) =>
      c.json(await joining.heartbeat(c.var.studentId, c.req.valid('param').sessionId, c.req.valid('json'))),
    )
    .post('/sessions/:sessionId/leave', validate('param', ZSessionParam), validate('json', ZDevice), async (c) =>
      c.json(await joining.leave(c.var.studentId, c.req.valid('param').sessionId, c.req.valid('json').deviceId)),
    );
}

/** /api/live, the whole API of the domain (issue 14): the teacher's side and the student's, each behind its guard. */
export function liveApi(deps: TDeps & { guards: TGuards }) {
  const teacher = new Hono<TAppEnv>().use(deps.guards.requireTeacher).route('/', liveTeacherRoutes(deps));
  const student = new Hono<TAppEnv>().use(deps.guards.requireStudent).route('/', liveStudentRoutes(deps));
  return new Hono<TAppEnv>().route('/teacher', teacher).route('/student', student);
}
