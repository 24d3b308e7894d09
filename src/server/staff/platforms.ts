import { and, eq } from 'drizzle-orm';
import { ROLE_PERMISSIONS, type TStaffRole } from '@shared/staff';
import { staffMembers, teachers } from '@server/core/db/schema';
import { teacherIsActive } from '@server/core/db/teacher-active';
import { AppError } from '@server/core/errors';
import type { TStaffDeps } from './deps';

/** Every platform the person works on (their own first), with their role there: the switcher's list. */
export async function myPlatforms({ db }: TStaffDeps, userId: string) {
  const [own] = await db
    .select({ id: teachers.id, name: teachers.name, subdomain: teachers.subdomain })
    .from(teachers)
    .where(and(eq(teachers.userId, userId), teacherIsActive));
  const staff = await db
    .select({ id: teachers.id, name: teachers.name, subdomain: teachers.subdomain, role: staffMembers.role })
    .from(staffMembers)
    .innerJoin(teachers, eq(teachers.id, staffMembers.teacherId))
    .where(and(eq(staffMembers.userId, userId), teacherIsActive))
    .orderBy(staffMembers.createdAt);
  return [
    ...(own ? [{ ...own, role: null, permissions: ROLE_PERMISSIONS.owner }] : []),
    ...staff.map((p) => ({ ...p, role: p.role as TStaffRole, permissions: ROLE_PERMISSIONS[p.role as TStaffRole] })),
  ];
}

/** Checks that the person may work on that platform before the route stores the choice. */
export async function choosePlatform(deps: TStaffDeps, userId: string, teacherId: string) {
  const platforms = await myPlatforms(deps, userId);
  const chosen = platforms.find((p) => p.id === teacherId);
  if (!chosen) throw new AppError('STAFF_NOT_FOUND');
  return chosen;
}
