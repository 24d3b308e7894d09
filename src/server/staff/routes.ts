import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { STAFF_PLATFORM_COOKIE } from '@shared/staff';
import { ZStaffAccept, ZStaffAuditQuery, ZStaffInvite, ZStaffPlatform, ZStaffRoleChange, ZStaffToken } from '@shared/schemas/staff';
import { z } from 'zod';
import { loadViewer, type TGuards, type TTeacherEnv, type TViewer } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { clientIp, requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import type { TTeamActor } from './deps';
import type { TStaff } from './index';

type TDeps = { staff: TStaff; guards: TGuards; config: TConfig };

const ZMemberParam = z.object({ memberId: z.uuid() });
const ZInvitationParam = z.object({ invitationId: z.uuid() });
/** Who changes the team: the teacher, or an owner-role staff member acting for them (their own id, as `staff`). */
const actor = (c: Context<TTeacherEnv>, config: TConfig): TTeamActor => ({
  userId: c.var.viewer.userId,
  ip: clientIp(c, config),
  role: c.var.staff ? 'staff' : 'teacher',
});

/** /api/staff/teacher/…: the teacher's team (needs the `staff` permission: the teacher or an owner-role member). */
function staffTeacherRoutes({ staff, config }: TDeps) {
  return new Hono<TTeacherEnv>()
    .get('/team', async (c) => c.json(await staff.invitations.team(c.var.teacher.id)))
    .post('/invitations', validate('json', ZStaffInvite), async (c) => {
      const lng = requestContext(c, config).language;
      return c.json(await staff.invitations.invite(c.var.teacher.id, c.req.valid('json'), lng, actor(c, config)), 201);
    })
    .post('/invitations/:invitationId/revoke', validate('param', ZInvitationParam), async (c) =>
      c.json(await staff.invitations.revokeInvitation(c.var.teacher.id, c.req.valid('param').invitationId, actor(c, config))),
    )
    .patch('/members/:memberId', validate('param', ZMemberParam), validate('json', ZStaffRoleChange), async (c) =>
      c.json(await staff.members.changeRole(c.var.teacher.id, c.req.valid('param').memberId, c.req.valid('json').role, actor(c, config))),
    )
    .delete('/members/:memberId', validate('param', ZMemberParam), async (c) =>
      c.json(await staff.members.removeMember(c.var.teacher.id, c.req.valid('param').memberId, actor(c, config))),
    )
    .get('/audit', validate('query', ZStaffAuditQuery), async (c) => c.json(await staff.audit.teacherAudit(c.var.teacher.id, c.req.valid('query'))));
}

/** /api/staff/platforms: the platforms a signed-in person works on, and the choice of the one they work on now. */
function platformRoutes({ staff, config }: TDeps) {
  return new Hono<TAppEnv & { Variables: { viewer: TViewer } }>()
    .get('/', async (c) => c.json({ platforms: await staff.platforms.myPlatforms(c.var.viewer.userId) }))
    .post('/current', validate('json', ZStaffPlatform), async (c) => {
      const chosen = await staff.platforms.choosePlatform(c.var.viewer.userId, c.req.valid('json').teacherId);
      setCookie(c, STAFF_PLATFORM_COOKIE, chosen.id, { path: '/', httpOnly: true, sameSite: 'Lax', secure: config.publicHttps });
      return c.json({ platform: chosen });
    });
}

/** /api/staff/invitations/…: the accept page's look-up and the acceptance, signed in or with a new account. */
function invitationRoutes({ staff, config }: TDeps) {
  return new Hono<TAppEnv>()
    .post('/preview', validate('json', ZStaffToken), async (c) => c.json(await staff.accept.previewInvitation(c.req.valid('json').token)))
    .post('/accept', validate('json', ZStaffAccept), async (c) => {
      const viewer = await loadViewer(staff.auth, staff.db, c.req.raw.headers);
      const { result, cookies } = await staff.accept.acceptInvitation(c.req.valid('json'), viewer, requestContext(c, config).headers);
      for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
      setCookie(c, STAFF_PLATFORM_COOKIE, result.teacherId, { path: '/', httpOnly: true, sameSite: 'Lax', secure: config.publicHttps });
      return c.json(result);
    });
}

/** /api/staff, the whole API of the domain (issue 28). */
export function staffApi(deps: TDeps) {
  return new Hono<TAppEnv>()
    .route('/teacher', new Hono<TAppEnv>().use(deps.guards.requireTeacher).route('/', staffTeacherRoutes(deps)))
    .route('/platforms', new Hono<TAppEnv>().use(deps.guards.requireUser).route('/', platformRoutes(deps)))
    .route('/invitations', invitationRoutes(deps));
}
