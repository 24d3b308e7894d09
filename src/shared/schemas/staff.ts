import { z } from 'zod';
import { STAFF_ROLES } from '../staff';
import { LANGUAGES } from '../i18n';
import { ZEmail, ZName, ZPassword } from './accounts';

/** Teaching staff (issue 28): an invitation, a role change, accepting a link, choosing a platform. */
export const ZStaffRole = z.enum(STAFF_ROLES);
export const ZStaffInvite = z.object({ email: ZEmail, role: ZStaffRole, language: z.enum(LANGUAGES).optional() });
export type TStaffInvite = z.infer<typeof ZStaffInvite>;
export const ZStaffRoleChange = z.object({ role: ZStaffRole });
export const ZStaffToken = z.object({ token: z.string().min(10).max(2000) });
/** Accepting: signed in already (token only), or a new account for the invited e-mail (name and password). */
export const ZStaffAccept = ZStaffToken.extend({ name: ZName.optional(), password: ZPassword.optional() });
export type TStaffAccept = z.infer<typeof ZStaffAccept>;
export const ZStaffPlatform = z.object({ teacherId: z.uuid() });
export const ZStaffAuditQuery = z.object({ person: z.string().max(100).optional(), page: z.coerce.number().int().min(1).max(1000).default(1) });
