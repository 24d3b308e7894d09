import { and, desc, eq, sql } from 'drizzle-orm';
import { parsePrimaryColor } from '@shared/color';
import type { TTeacherContact } from '@shared/schemas/accounts';
import { whatsappLink } from '@shared/phone';
import type { Db } from '@server/core/db/client';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { isTeacherActive } from '@server/core/db/teacher-active';

/** A stored image path or URL was validated when the page was saved; anything else is dropped. */
const imageOf = (value: unknown) => (typeof value === 'string' && /^(\/|https:\/\/)/.test(value) ? value : null);

/** The teacher's published main page (or their first published one) gives the photo and the colours. */
async function brandOf(db: Db, teacherId: string) {
  const [page] = await db
    .select({ logoUrl: teacherLandingPages.logoUrl, themeColors: teacherLandingPages.themeColors, aboutMe: teacherLandingPages.aboutMe })
    .from(teacherLandingPages)
    .where(and(eq(teacherLandingPages.teacherId, teacherId), eq(teacherLandingPages.isPublished, true)))
    .orderBy(desc(teacherLandingPages.isMain), teacherLandingPages.createdAt)
    .limit(1);
  const colors = (page?.themeColors ?? {}) as { primary?: unknown; secondary?: unknown };
  const about = (page?.aboutMe ?? {}) as { profile_image?: unknown };
  return {
    photo: imageOf(about.profile_image) ?? imageOf(page?.logoUrl),
    colors: page ? { primary: parsePrimaryColor(colors.primary), secondary: parsePrimaryColor(colors.secondary) } : null,
  };
}

type TContactRow = { email: string; contactPhone: string | null; contactWhatsapp: string | null; contactEmailShown: boolean };

/** The contact ways the teacher chose to show to students (decision 057). */
export function publicContact(row: TContactRow) {
  return {
    phone: row.contactPhone,
    whatsapp: row.contactWhatsapp ? whatsappLink(row.contactWhatsapp) : null,
    email: row.contactEmailShown ? row.email : null,
  };
}

/**
 * What a student sees of a teacher before and after signing in on their platform: name, photo, colours,
 * whether the platform takes new students, and (while it is active) how to reach the teacher. An
 * inactive or suspended platform shows no contact and never the admin's reason, which is the teacher's.
 */
export async function platformProfile(db: Db, subdomain: string) {
  const [teacher] = await db
    .select()
    .from(teachers)
    .where(sql`lower(${teachers.subdomain}) = ${subdomain.toLowerCase()}`);
  if (!teacher) throw new AppError('PLATFORM_NOT_FOUND');
  const available = isTeacherActive(teacher);
  return {
    name: teacher.name,
    subdomain: teacher.subdomain,
    available,
    ...(await brandOf(db, teacher.id)),
    contact: available ? publicContact(teacher) : { phone: null, whatsapp: null, email: null },
  };
}

/** The teacher's own contact settings, as stored (numbers in E.164). */
export async function teacherContact(db: Db, teacherId: string) {
  const [row] = await db
    .select({ phone: teachers.contactPhone, whatsapp: teachers.contactWhatsapp, emailShown: teachers.contactEmailShown, email: teachers.email })
    .from(teachers)
    .where(eq(teachers.id, teacherId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function updateTeacherContact(db: Db, teacherId: string, input: TTeacherContact) {
  await db
    .update(teachers)
    .set({ contactPhone: input.phone ?? null, contactWhatsapp: input.whatsapp ?? null, contactEmailShown: input.emailShown })
    .where(eq(teachers.id, teacherId));
  return teacherContact(db, teacherId);
}
