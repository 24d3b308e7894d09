import { randomBytes, randomUUID } from 'node:crypto';
import { serializeSignedCookie } from 'better-call';
import { eq } from 'drizzle-orm';
import { session, students, teachers, teacherStudents, user } from '@server/core/db/schema';
import { browser, newTeacher, type TBrowser } from './browser';
import type { TTestApp } from './harness';

export type TTeacher = { b: TBrowser; id: string; subdomain: string; host: string; userId: string };

/** A teacher registered through the API (signed in on the main host), optionally on another plan. */
export async function registerTeacher(t: TTestApp, plan?: 'independent' | 'academy' | 'institution'): Promise<TTeacher> {
  const b = browser(t);
  const input = newTeacher();
  const res = await b.post('/api/accounts/register/teacher', input);
  if (res.status !== 201) throw new Error(`teacher sign-up failed: ${res.status} ${await res.text()}`);
  const [row] = await t.database.db.select().from(teachers).where(eq(teachers.subdomain, input.subdomain));
  if (plan) await t.database.db.update(teachers).set({ plan }).where(eq(teachers.id, row!.id));
  return { b, id: row!.id, subdomain: input.subdomain, host: `${input.subdomain}.${t.config.publicHost}`, userId: row!.userId };
}

let made = 0;
/**
 * A student who belongs to `teacher`, signed in on the teacher's host and on the main host. Rows and
 * session are written directly (no password hashing), so hundreds can be made quickly for load tests;
 * the cookie is signed exactly as Better Auth signs it.
 */
export async function quickStudent(t: TTestApp, teacher: Pick<TTeacher, 'id' | 'host'> | null, options: { ip?: string; hosts?: string[] } = {}) {
  made += 1;
  const id = randomUUID();
  const name = `طالب ${made}`;
  const email = `q${made}-${id.slice(0, 8)}@example.test`;
  const db = t.database.db;
  await db.insert(user).values({ id, name, email, emailVerified: true, role: 'student' });
  await db.insert(students).values({ id, name, teacherId: teacher?.id ?? null });
  if (teacher) await db.insert(teacherStudents).values({ teacherId: teacher.id, studentId: id });
  const token = randomBytes(24).toString('base64url');
  await db.insert(session).values({ id: randomUUID(), token, userId: id, expiresAt: new Date(Date.now() + 86_400_000), updatedAt: new Date() });
  const cookie = await serializeSignedCookie('darsi.session_token', token, t.config.authSecret!, { path: '/', httpOnly: true });
  const b = browser(t, options.ip ? { ip: options.ip } : {});
  for (const host of [t.config.publicHost, teacher?.host, ...(options.hosts ?? [])].filter(Boolean)) await b.jar.setCookie(cookie, `http://${host}/`);
  return { b, id, name, email };
}

/** A published organized course with one section, `lessons` text lessons and the given plans. */
export async function publishedCourse(
  teacher: TTeacher,
  options: { kind?: 'organized' | 'scheduled' | 'regular'; lessons?: number; plans?: Array<Record<string, unknown>>; title?: string } = {},
) {
  const { b } = teacher;
  const created = await b.json(
    await b.post('/api/courses/teacher/courses', {
      title: options.title ?? 'الرياضيات للباكالوريا',
      kind: options.kind ?? 'organized',
      description: 'دورة كاملة',
    }),
  );
  const courseId = created.id as string;
  const section = await b.json(await b.post(`/api/courses/teacher/courses/${courseId}/sections`, { title: 'الفصل الأول' }));
  const lessonIds: string[] = [];
  for (let i = 1; i <= (options.lessons ?? 3); i += 1) {
    const lesson = await b.json(
      await b.post(`/api/courses/teacher/courses/${courseId}/lessons`, {
        sectionId: section.id,
        title: `الدرس ${i}`,
        type: 'text',
        bodyHtml: `<p>محتوى الدرس ${i}</p>`,
      }),
    );
    lessonIds.push(lesson.id as string);
  }
  const plans = await b.json(await b.put(`/api/courses/teacher/courses/${courseId}/plans`, { plans: options.plans ?? [{ type: 'monthly', priceDzd: 3000 }] }));
  const published = await b.patch(`/api/courses/teacher/courses/${courseId}`, { status: 'published' });
  if (published.status !== 200) throw new Error(`publish failed: ${await published.text()}`);
  return { courseId, sectionId: section.id as string, lessonIds, planIds: (plans.plans as Array<{ id: string }>).map((p) => p.id) };
}

export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

/** Sends raw bytes as an upload (the browser helper only sends JSON). */
export async function upload(t: TTestApp, b: TBrowser, url: string, bytes: Uint8Array | string, type: string, name = 'file.bin') {
  const full = `http://${t.config.publicHost}${url}`;
  const cookie = await b.jar.getCookieString(full);
  return t.request(url, {
    method: 'PUT',
    headers: { origin: `http://${t.config.publicHost}`, cookie, 'content-type': type, 'x-file-name': encodeURIComponent(name), 'x-forwarded-for': b.ip },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
}

/** The codes of a batch's CSV export, in card order: each is the cell ="012345" (quoted as CSV) so that spreadsheets keep its zeros. */
export function csvCodes(csv: string): string[] {
  return [...csv.matchAll(/^\d+,"=""(\d{6})""",/gm)].map((m) => m[1]!);
}
