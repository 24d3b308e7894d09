import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { TGuards } from '../auth/guards';
import type { Db } from '../db/client';
import { teachers, teacherStudents } from '../db/schema';
import type { TAppEnv } from '../env';

type TDeps = { db: Db; guards: TGuards };

export function studentRoutes({ db, guards }: TDeps) {
  return new Hono<TAppEnv>().use(guards.requireStudent).get('/platforms', async (c) => {
    const platforms = await db
      .select({ id: teachers.id, name: teachers.name, subdomain: teachers.subdomain, joinedAt: teacherStudents.joinedAt })
      .from(teacherStudents)
      .innerJoin(teachers, eq(teachers.id, teacherStudents.teacherId))
      .where(eq(teacherStudents.studentId, c.var.studentId));
    return c.json({ platforms: platforms.map((p) => ({ ...p, joinedAt: p.joinedAt.toISOString() })) });
  });
}
