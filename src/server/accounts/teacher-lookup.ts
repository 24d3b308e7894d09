import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/core/db/client';
import { teachers } from '@server/core/db/schema';
import { isTeacherActive, teacherIsActive } from '@server/core/db/teacher-active';

/** The id of the active teacher record of a signed-in user (spec §6: status 'active'), or null. */
export async function activeTeacherIdOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.userId, userId), teacherIsActive));
  return row?.id ?? null;
}

/** A teacher by subdomain, case-insensitively (spec §5): what a public platform page shows of them. */
export async function teacherBySubdomain(db: Db, subdomain: string) {
  const [row] = await db
    .select({ id: teachers.id, name: teachers.name, subdomain: teachers.subdomain, isActive: teachers.isActive, status: teachers.status })
    .from(teachers)
    .where(sql`lower(${teachers.subdomain}) = ${subdomain.toLowerCase()}`);
  return row ? { ...row, active: isTeacherActive(row) } : null;
}
