import { bindDeps } from '@server/core/bind';
import { acceptInvitation, previewInvitation } from './accept';
import { teacherAudit } from './audit-view';
import type { TStaffDeps } from './deps';
import { invite, revokeInvitation, team } from './invitations';
import { changeRole, removeMember } from './members';
import { choosePlatform, myPlatforms } from './platforms';

/*
 * Teaching staff (issue 28, decision 170): invitations by e-mail with a role, seats by plan, the team page, the
 * platforms a person works on, and the teacher's audit log by person. The guard that lets a staff member act
 * for the teacher, route by route, is the auth domain's (auth/staff-access.ts).
 */
export function createStaff(deps: TStaffDeps) {
  return {
    db: deps.db,
    auth: deps.auth,
    invitations: bindDeps(deps, { invite, revokeInvitation, team }),
    accept: bindDeps(deps, { previewInvitation, acceptInvitation }),
    members: bindDeps(deps, { changeRole, removeMember }),
    platforms: bindDeps(deps, { myPlatforms, choosePlatform }),
    audit: bindDeps(deps, { teacherAudit }),
  };
}

export type TStaff = ReturnType<typeof createStaff>;
export { staffApi } from './routes';
