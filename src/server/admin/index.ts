import type { TAdminAuditQuery, TAdminInboxQuery, TInboxKind } from '@shared/schemas/admin';
import type { TActor } from '@server/core/audit';
import { bindDeps } from '@server/core/bind';
import { listAdmins, revokeAdmin } from './admin-accounts';
import { listAudit } from './audit-log';
import type { TAdminDeps } from './deps';
import { adminInboxes } from './inboxes';
import { cancelInvitation, invite } from './invitations';
import { adminOverview } from './overview';
import { registerAdmin } from './register-admin';
import { changePlan, extendTrial, sendPasswordReset } from './teacher-actions';
import { teacherDetail } from './teacher-detail';
import { listTeachers } from './teacher-list';
import { setTeacherStatus } from './teacher-status';

/*
 * The admin domain: admins (bootstrap, invitations, revocation), the teachers' list and actions, the
 * inboxes of the public site, the overview and the audit log. Other domains import this file only.
 */

export { adminRoutes } from './routes';

export function createAdmin(deps: TAdminDeps) {
  const { db } = deps;
  return {
    admins: bindDeps(deps, { register: registerAdmin, invite, cancelInvitation, list: listAdmins, revoke: revokeAdmin }),
    teachers: bindDeps(deps, { list: listTeachers, detail: teacherDetail, setStatus: setTeacherStatus, changePlan, extendTrial, sendPasswordReset }),
    inboxes: {
      list: (kind: TInboxKind, query: TAdminInboxQuery) => adminInboxes.list(db, kind, query),
      exportCsv: (kind: TInboxKind, query: Pick<TAdminInboxQuery, 'q' | 'state'>, actor: TActor) => adminInboxes.exportCsv(db, kind, query, actor),
      setHandled: (kind: TInboxKind, id: string, handled: boolean, actor: TActor) => adminInboxes.setHandled(db, kind, id, handled, actor),
    },
    overview: () => adminOverview(db),
    audit: { list: (query: TAdminAuditQuery) => listAudit(db, query) },
  };
}

export type TAdmin = ReturnType<typeof createAdmin>;
