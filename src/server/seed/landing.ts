import { eq, sql } from 'drizzle-orm';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import type { TSeedStep } from '.';
import { starterContent } from '@server/landing';

/**
 * The demo teacher's own words: the starter leaves out prices, quotes and its sample text about the teacher
 * (decision 119), and the demo shows a complete page. Prices are the demo course's plans (seed/courses.ts); the
 * quote is marked as an example, since the demo teacher and their students are made up.
 */
const DEMO_TEACHER_TEXTS = {
  description: 'دروس الرياضيات للسنة الثالثة ثانوي: شرح كل وحدة بالفيديو، تمارين محلولة ومراجعة قبل البكالوريا.',
  hero_features: [
    { id: 'demo-hf-1', icon: 'video' as const, text: 'دروس فيديو لكل وحدة' },
    { id: 'demo-hf-2', icon: 'phone' as const, text: 'على الهاتف والحاسوب' },
  ],
  about_me: {
    title: 'من أنا',
    name: 'أستاذ أحمد بن علي',
    bio: 'أدرّس الرياضيات للثانوي وأحضّر طلاب البكالوريا للامتحان.',
    highlights: ['الدوال الأسية واللوغاريتمية', 'مراجعة مواضيع البكالوريا'],
  },
  pricing: [
    {
      id: 'demo-price-1',
      name: 'شهري',
      price: '3.000 دج',
      period: 'شهرياً',
      features: ['كل دروس الدورة'],
      ctaLabel: 'التسجيل الآن',
      ctaUrl: '/student/register',
    },
    {
      id: 'demo-price-2',
      name: 'ثلاثي',
      price: '8.000 دج',
      period: 'لثلاثة أشهر',
      features: ['كل دروس الدورة'],
      isPopular: true,
      ctaLabel: 'التسجيل الآن',
      ctaUrl: '/student/register',
    },
  ],
  testimonials: [
    {
      id: 'demo-t-1',
      name: 'أمينة (مثال في العرض التجريبي)',
      role: 'طالبة بكالوريا',
      text: 'مثال لرأي طالب: يضيف الأستاذ آراء طلابه الحقيقيين هنا.',
      rating: 5,
    },
  ],
};

/** Demo data of the landing domain; each step runs once per database, after the accounts step. */
export const LANDING_SEED_STEPS: TSeedStep[] = [
  {
    name: 'landing-pages',
    run: async ({ db, landing }) => {
      const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
      if (!teacher) return;
      const main = await landing.pages.create(teacher, { title: 'أكاديمية الأستاذ أحمد للرياضيات', template: 'starter' }, 'ar');
      const second = await landing.pages.create(teacher, { title: 'دورة البكالوريا المكثفة', template: 'starter' }, 'ar');
      const secondContent = starterContent(second.title, 'ar', teacher.name);
      await landing.pages.save(teacher, second.id, {
        ...secondContent,
        ...DEMO_TEACHER_TEXTS,
        custom_slug: 'bac-2026',
        subtitle: 'تحضير مكثف لامتحان البكالوريا في الرياضيات',
        theme_colors: { primary: '#0f766e', secondary: '#7c3aed' },
        hero_background: { type: 'gradient', gradientFrom: '#0f766e', gradientTo: '#7c3aed' },
        contact_actions: [
          { id: 'wa', type: 'whatsapp', value: '+213 555 12 34 56' },
          { id: 'mail', type: 'email', value: 'teacher@darsi.test' },
        ],
      });
      const mainContent = starterContent(main.title, 'ar', teacher.name);
      await landing.pages.save(teacher, main.id, {
        ...mainContent,
        ...DEMO_TEACHER_TEXTS,
        contact_actions: [
          { id: 'wa', type: 'whatsapp', value: '+213 555 12 34 56' },
          { id: 'phone', type: 'phone', value: '+213 555 12 34 56' },
          { id: 'fb', type: 'facebook', value: 'https://www.facebook.com/darsi' },
        ],
        meta_data: { title: 'أكاديمية الأستاذ أحمد للرياضيات | دَرسي', description: 'دروس الرياضيات للثانوي والبكالوريا مع الأستاذ أحمد بن علي.' },
      });
      // Published directly (no actor to audit: this is demo data, not a teacher's action).
      await db
        .update(teacherLandingPages)
        .set({ isPublished: true, publishedAt: sql`now()` })
        .where(eq(teacherLandingPages.teacherId, teacher.id));
      await db.update(teacherLandingPages).set({ isMain: true }).where(eq(teacherLandingPages.id, main.id));
      landing.site.invalidate(teacher.id, teacher.subdomain);
    },
  },
];
