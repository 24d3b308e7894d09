import { eq, sql } from 'drizzle-orm';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import type { TSeedStep } from '.';
import { starterContent } from '@server/landing';

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
        contact_actions: [
          { id: 'wa', type: 'whatsapp', value: '+213 555 12 34 56' },
          { id: 'phone', type: 'phone', value: '+213 555 12 34 56' },
          { id: 'fb', type: 'facebook', value: 'https://www.facebook.com/darsi' },
        ],
        meta_data: { title: 'أكاديمية الأستاذ أحمد للرياضيات | دَرسي', description: 'دروس الرياضيات للثانوي والبكالوريا مع الأستاذ أحمد بن علي.' },
      });
      // Published directly (no actor to audit: this is demo data, not a teacher's action).
      await db.update(teacherLandingPages).set({ isPublished: true, publishedAt: sql`now()` }).where(eq(teacherLandingPages.teacherId, teacher.id));
      await db.update(teacherLandingPages).set({ isMain: true }).where(eq(teacherLandingPages.id, main.id));
      landing.site.invalidate(teacher.id, teacher.subdomain);
    },
  },
];
