import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { TStaffRole } from '@shared/staff';
import { api, unwrap } from '@web/lib/api';

const teacher = api.staff.teacher;

/** Every staff query starts with 'staff', so one invalidation after a change refreshes them all. */
export const staffKeys = { all: ['staff'] as const };

export const teamQuery = queryOptions({ queryKey: ['staff', 'team'], queryFn: () => unwrap(teacher.team.$get()), staleTime: 0 });
export type TTeam = InferResponseType<typeof teacher.team.$get, 200>;

export const auditQuery = (person: string, page: number) =>
  queryOptions({
    queryKey: ['staff', 'audit', person, page],
    queryFn: () => unwrap(teacher.audit.$get({ query: { ...(person ? { person } : {}), page: String(page) } })),
    staleTime: 0,
  });

export const platformsQuery = queryOptions({ queryKey: ['staff', 'platforms'], queryFn: () => unwrap(api.staff.platforms.$get()), staleTime: 0 });

export const staffApi = {
  invite: (email: string, role: TStaffRole) => unwrap(teacher.invitations.$post({ json: { email, role } })),
  revoke: (invitationId: string) => unwrap(teacher.invitations[':invitationId'].revoke.$post({ param: { invitationId } })),
  changeRole: (memberId: string, role: TStaffRole) => unwrap(teacher.members[':memberId'].$patch({ param: { memberId }, json: { role } })),
  remove: (memberId: string) => unwrap(teacher.members[':memberId'].$delete({ param: { memberId } })),
  choose: (teacherId: string) => unwrap(api.staff.platforms.current.$post({ json: { teacherId } })),
  preview: (token: string) => unwrap(api.staff.invitations.preview.$post({ json: { token } })),
  accept: (json: { token: string; name?: string; password?: string }) => unwrap(api.staff.invitations.accept.$post({ json })),
};
