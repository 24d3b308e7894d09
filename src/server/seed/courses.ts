import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatCardNumber } from '@shared/courses';
import type { TSeedStep } from '.';
import { activationCodes, codeBatches, coursePlans, courses, lessonProgress, students, teachers, user } from '@server/core/db/schema';
import type { TServices } from '@server/services';

const DAY = 24 * 60 * 60_000;

const LESSONS: Array<{ section: number; title: string; type: 'text' | 'link'; bodyHtml?: string; url?: string }> = [
  {
    section: 0,
    title: 'مدخل إلى الدوال الأسية',
    type: 'text',
    bodyHtml:
      '<h2>ما هي الدالة الأسية؟</h2><p>الدالة الأسية هي الدالة <strong dir="ltr">f(x) = exp(x)</strong> التي تساوي مشتقتها نفسها.</p><ul><li>معرفة على ℝ</li><li>موجبة تماماً</li><li>متزايدة تماماً</li></ul>',
  },
  {
    section: 0,
    title: 'خواص الدالة الأسية',
    type: 'text',
    bodyHtml: '<p>من أجل كل عددين حقيقيين a و b: <strong dir="ltr">exp(a + b) = exp(a) × exp(b)</strong></p>',
  },
  { section: 0, title: 'تمارين محلولة (رابط خارجي)', type: 'link', url: 'https://example.com/exercices-exponentielle' },
  {
    section: 1,
    title: 'الدالة اللوغاريتمية النيبيرية',
    type: 'text',
    bodyHtml: '<p>الدالة <strong>ln</strong> هي الدالة العكسية للدالة الأسية على المجال ]0، +∞[.</p>',
  },
  { section: 1, title: 'ملخص الوحدة', type: 'text', bodyHtml: '<blockquote>مراجعة الخواص قبل الاختبار ضرورية.</blockquote>' },
];

/** Demo data of the courses domain; each step runs once per database, after the accounts step. */
export const COURSE_SEED_STEPS: TSeedStep[] = [
  {
    name: 'courses',
    run: async (services) => {
      const { db } = services;
      const domain = services.courses;
      const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .innerJoin(user, eq(user.id, students.id))
        .where(eq(user.email, 'student@darsi.test'));
      if (!teacher || !student) return;
      const actor = { userId: teacher.userId, ip: '127.0.0.1' };

      const { id: courseId } = await domain.courses.create(teacher, {
        title: 'الرياضيات — الدوال الأسية واللوغاريتمية',
        description: 'دورة منظمة لتلاميذ السنة الثالثة ثانوي: كل درس يُفتح بعد إكمال الدرس السابق.',
        kind: 'organized',
      });
      const sections = [
        await domain.content.addSection(teacher.id, courseId, 'الوحدة الأولى: الدالة الأسية'),
        await domain.content.addSection(teacher.id, courseId, 'الوحدة الثانية: الدالة اللوغاريتمية'),
      ];
      const lessonIds: string[] = [];
      for (const l of LESSONS) {
        const created = await domain.content.addLesson(teacher.id, courseId, {
          sectionId: sections[l.section]!.id,
          title: l.title,
          type: l.type,
          bodyHtml: l.bodyHtml ?? '',
          url: l.url ?? '',
          releaseAt: null,
        });
        lessonIds.push(created.id);
      }
      const { plans } = await domain.courses.putPlans(teacher.id, courseId, [
        { type: 'monthly', priceDzd: 3000, durationDays: null, autoRenew: true },
        { type: 'quarterly', priceDzd: 8000, durationDays: null, autoRenew: false },
        { type: 'lifetime', priceDzd: 15000, durationDays: null, autoRenew: false },
      ]);
      await domain.courses.update(teacher, courseId, { status: 'published' });

      const free = await domain.courses.create(teacher, { title: 'مدخل إلى البرمجة بلغة بايثون', description: 'دورة مجانية بوتيرتك الخاصة.', kind: 'regular' });
      const freeSection = await domain.content.addSection(teacher.id, free.id, 'الأساسيات');
      await domain.content.addLesson(teacher.id, free.id, {
        sectionId: freeSection.id,
        title: 'أول برنامج',
        type: 'text',
        bodyHtml: '<p dir="ltr">print("مرحبا")</p>',
        url: '',
        releaseAt: null,
      });
      await domain.courses.putPlans(teacher.id, free.id, [{ type: 'free', priceDzd: 0, durationDays: null, autoRenew: false }]);
      await domain.courses.update(teacher, free.id, { status: 'published' });

      // As the teacher's screen suggests: cards work once sold, and three have been (decision 031).
      const batch = await services.codes.batches.generateBatch(
        teacher.id,
        {
          courseId,
          planId: plans[0]!.id,
          count: 20,
          maxUses: 1,
          validUntil: new Date(Date.now() + 90 * DAY).toISOString(),
          accessDays: null,
          activateOnSale: true,
        },
        actor,
      );
      const cards = await db
        .select({ id: activationCodes.id })
        .from(activationCodes)
        .where(eq(activationCodes.batchId, batch.id))
        .orderBy(asc(activationCodes.serial))
        .limit(3);
      for (const card of cards) await services.codes.batches.markSold(teacher.id, card.id, actor);
      await services.subscriptions.enroll(teacher.id, { studentId: student.id, courseId, planId: plans[0]!.id, notes: 'دفع نقداً' }, actor);
      await db
        .insert(lessonProgress)
        .values(
          lessonIds
            .slice(0, 2)
            .map((lessonId, i) => ({ teacherId: teacher.id, studentId: student.id, courseId, lessonId, completedAt: new Date(Date.now() - (2 - i) * DAY) })),
        );
    },
  },
];

/** Who made the demo activation cards: the batches re-issued at each start are found (and revoked) by it. */
const DEMO_CARDS_ACTOR = 'seed:demo-cards';
const DEMO_CARDS = 5;

/**
 * Spec §9: demo activation codes are valid 24 hours. At every start of a server with demo data, the cards
 * issued at the previous start are revoked and five new ones (card number and code, redeemable at once)
 * are issued on the demo teacher's paid course, valid 24 hours, so a newcomer always has working cards.
 * Returns them for the start-up log (demo data only: never in production).
 */
export async function reissueDemoCards(services: TServices): Promise<Array<{ card: string; code: string }>> {
  const { db } = services;
  const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
  if (!teacher) return [];
  const [course] = await db
    .select({ id: courses.id, planId: coursePlans.id })
    .from(courses)
    .innerJoin(coursePlans, and(eq(coursePlans.courseId, courses.id), isNull(coursePlans.retiredAt)))
    .where(and(eq(courses.teacherId, teacher.id), eq(courses.status, 'published'), eq(coursePlans.type, 'monthly')))
    .limit(1);
  if (!course) return [];
  const actor = { userId: DEMO_CARDS_ACTOR, ip: '127.0.0.1' };
  const old = await db
    .select({ id: codeBatches.id })
    .from(codeBatches)
    .where(and(eq(codeBatches.teacherId, teacher.id), eq(codeBatches.createdBy, DEMO_CARDS_ACTOR), isNull(codeBatches.revokedAt)));
  for (const batch of old) await services.codes.batches.revokeBatch(teacher.id, batch.id, actor);
  const batch = await services.codes.batches.generateBatch(
    teacher.id,
    {
      courseId: course.id,
      planId: course.planId,
      count: DEMO_CARDS,
      maxUses: 1,
      validUntil: new Date(Date.now() + DAY).toISOString(),
      accessDays: null,
      activateOnSale: false,
    },
    actor,
  );
  const { codes } = await services.codes.batches.batchCodesInClear(teacher.id, batch.id);
  return codes.map((c) => ({ card: formatCardNumber(batch.number, c.serial), code: c.code }));
}
