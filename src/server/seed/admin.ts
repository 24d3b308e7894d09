import { eq, sql } from 'drizzle-orm';
import { audit } from '@server/core/audit';
import type { TSeedStep } from '.';
import { DEMO_PASSWORD } from './demo-accounts';
import { addDays, PERIOD_DAYS, planPrice } from '@shared/billing';
import {
  contactMessages,
  feedbackSubmissions,
  newsletterSubscribers,
  planSubscriptions,
  students,
  teachers,
  teacherStudents,
  user,
} from '@server/core/db/schema';

const DAY = 24 * 60 * 60_000;

/** Teachers in every state the admin area filters on, signed up over the last weeks. */
const TEACHERS = [
  { name: 'أستاذة فاطمة الزهراء', subdomain: 'fatima-math', plan: 'academy', status: 'active', daysAgo: 2, trialDays: 3 },
  { name: 'أستاذ كريم بوعلام', subdomain: 'karim-physique', plan: 'institution', status: 'active', daysAgo: 25, trialDays: null },
  { name: 'أستاذة سلمى حداد', subdomain: 'salma-english', plan: 'independent', status: 'active', daysAgo: 4, trialDays: 1 },
  { name: 'أستاذ يوسف مرابط', subdomain: 'youcef-code', plan: 'independent', status: 'inactive', daysAgo: 12, trialDays: -7 },
  { name: 'أستاذ رضا قاسمي', subdomain: 'reda-chimie', plan: 'academy', status: 'suspended', daysAgo: 18, trialDays: -13 },
  { name: 'أستاذة نور الهدى', subdomain: 'nour-arabic', plan: 'independent', status: 'active', daysAgo: 9, trialDays: -4 },
] as const;

const STUDENT_NAMES = ['أمين', 'ياسمين', 'إلياس', 'مريم', 'أنس', 'خديجة', 'رياض', 'لينة', 'زكرياء', 'هبة'];

async function signUp(services: Parameters<TSeedStep['run']>[0], name: string, email: string, role: string) {
  const created = await services.auth.api.signUpEmail({ body: { name, email, password: DEMO_PASSWORD } });
  await services.db.update(user).set({ role, emailVerified: true }).where(eq(user.id, created.user.id));
  return created.user.id;
}

/** The admin inbox: contact messages (one already handled), feedback and newsletter sign-ups. */
async function seedInbox({ db }: Parameters<TSeedStep['run']>[0], adminId: string | null) {
  await db.insert(contactMessages).values([
    {
      name: 'سمير بن يوسف',
      email: 'samir@example.test',
      phone: '+213555123456',
      subject: 'سؤال عن خطة الأكاديمية',
      message: 'هل يمكنني إضافة مساعدين اثنين فقط؟',
      createdAt: sql`now() - interval '3 hours'`,
    },
    {
      name: 'Claire Martin',
      email: 'claire@example.test',
      subject: 'Partenariat école',
      message: 'Nous aimerions équiper nos 12 enseignants.',
      language: 'fr',
      createdAt: sql`now() - interval '1 day'`,
    },
    {
      name: 'ليلى',
      email: 'leila@example.test',
      subject: 'الدفع عند الاستلام',
      message: 'هل الدفع عند الاستلام متاح في وهران؟',
      createdAt: sql`now() - interval '2 days'`,
      handledAt: sql`now() - interval '1 day'`,
      handledBy: adminId,
    },
  ]);
  await db.insert(feedbackSubmissions).values([
    { category: 'feature', title: 'الوضع الليلي', text: 'أتمنى إضافة وضع ليلي لمشاهدة الدروس.', email: 'amina@example.test' },
    { category: 'suggestion', title: null, text: 'Add a weekly e-mail summary of student progress.', language: 'en' },
  ]);
  await db
    .insert(newsletterSubscribers)
    .values([{ email: 'news@example.test' }, { email: 'bulletin@example.test', language: 'fr' }])
    .onConflictDoNothing();
}

/** Demo data of the admin area: more teachers and students for the overview, inbox entries, audit entries. */
export const ADMIN_SEED_STEPS: TSeedStep[] = [
  {
    name: 'admin-demo',
    run: async (services) => {
      const { db } = services;
      const [admin] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'admin@darsi.test'));
      for (const [i, t] of TEACHERS.entries()) {
        const email = `${t.subdomain}@darsi.test`;
        const userId = await signUp(services, t.name, email, 'teacher');
        const createdAt = new Date(Date.now() - t.daysAgo * DAY);
        const [teacher] = await db
          .insert(teachers)
          .values({
            userId,
            name: t.name,
            email,
            subdomain: t.subdomain,
            plan: t.plan,
            status: t.status,
            isActive: t.status === 'active',
            trialEndsAt: t.trialDays === null ? null : new Date(Date.now() + t.trialDays * DAY),
            createdAt,
          })
          .returning({ id: teachers.id });
        // Past the trial (no trial date) means paying: a month of the plan, started five days ago, so the
        // dashboard of this teacher does not show the plan-required banner (decision 100).
        if (t.trialDays === null) {
          const start = new Date(Date.now() - 5 * DAY);
          await db.insert(planSubscriptions).values({
            teacherId: teacher!.id,
            plan: t.plan,
            period: 'monthly',
            status: 'active',
            currentPeriodStart: start,
            currentPeriodEnd: addDays(start, PERIOD_DAYS.monthly),
            periodPaidDzd: planPrice(t.plan, 'monthly'),
          });
        }
        for (let s = 0; s < (i % 3) + 1; s += 1) {
          const name = STUDENT_NAMES[(i * 3 + s) % STUDENT_NAMES.length]!;
          const studentId = await signUp(services, name, `student-${t.subdomain}-${s}@darsi.test`, 'student');
          await db.insert(students).values({ id: studentId, name, teacherId: teacher!.id, createdAt: new Date(createdAt.getTime() + ((s + 1) * DAY) / 2) });
          await db.insert(teacherStudents).values({ teacherId: teacher!.id, studentId });
        }
        if (t.status !== 'active' && admin) {
          await audit(db, {
            actorUserId: admin.id,
            actorRole: 'admin',
            action: 'teacher.status_changed',
            targetType: 'teacher',
            targetId: teacher!.id,
            teacherId: teacher!.id,
            details: { from: 'active', to: t.status },
            ip: '127.0.0.1',
          });
        }
      }
      await seedInbox(services, admin?.id ?? null);
    },
  },
];
