import type { TEACHER_KINDS } from './notifications';

/*
 * Teaching staff (issue 28, decision 170): the roles a teacher gives the people who work on their platform and
 * what each may do. The server checks every teacher route against these (auth/staff-routes.ts); the web hides
 * what a role may not do, with the same rules.
 */
export const STAFF_ROLES = ['assistant', 'content_editor', 'live_host', 'owner'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

/** What a teacher route needs. `dashboard` is the read-only frame every staff member sees. */
export const STAFF_PERMISSIONS = [
  'dashboard',
  'students',
  'codes',
  'receipts',
  'messages',
  'attendance',
  'content',
  'live',
  'money',
  'staff',
  'settings',
] as const;
export type TStaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<TStaffRole, readonly TStaffPermission[]> = {
  assistant: ['dashboard', 'students', 'codes', 'receipts', 'messages', 'attendance'],
  content_editor: ['dashboard', 'content'],
  live_host: ['dashboard', 'live', 'attendance'],
  owner: STAFF_PERMISSIONS,
};

/** The teacher themselves (`null` role) may do everything. */
export function roleAllows(role: TStaffRole | null, permission: TStaffPermission): boolean {
  return role === null || ROLE_PERMISSIONS[role].includes(permission);
}

/** An invitation link works for this many days. */
export const STAFF_INVITATION_DAYS = 7;

/** The httpOnly cookie naming the platform a person who works on several is working on now. */
export const STAFF_PLATFORM_COOKIE = 'darsi_platform';

/**
 * The teacher's notifications a staff member is told too (issue 28): each kind belongs to the permission of the
 * page it leads to, so an assistant hears of codes and receipts, a content editor of nothing about money, and an
 * owner-role member of everything the teacher hears of.
 */
const KIND_PERMISSION: Record<(typeof TEACHER_KINDS)[number], TStaffPermission> = {
  codeRequest: 'codes',
  enrollment: 'students',
  receipt: 'receipts',
  cardPayment: 'money',
  message: 'messages',
  subscriptionEnding: 'students',
  feedbackAnswered: 'settings',
  billing: 'money',
};

/** Whether a staff member with this role gets the teacher's notifications of this kind (a kind not the teacher's: no). */
export function roleHearsOf(role: TStaffRole, kind: string): boolean {
  const permission = (KIND_PERMISSION as Record<string, TStaffPermission | undefined>)[kind];
  return permission !== undefined && roleAllows(role, permission);
}
