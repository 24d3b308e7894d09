/** Every documentation page of spec §2.2, grouped as the sidebar shows them. Each exists in ar, en and fr. */
export const DOC_GROUPS = [
  { id: 'start', slugs: ['overview', 'release-notes', 'platform-guide', 'getting-started'] },
  {
    id: 'landing',
    slugs: [
      'landing-page/intro',
      'landing-page/hero',
      'landing-page/features',
      'landing-page/course-content',
      'landing-page/about-me',
      'landing-page/pricing',
      'landing-page/testimonials',
      'landing-page/faq',
      'landing-page/contact',
      'landing-page/contact-requests',
    ],
  },
  { id: 'business', slugs: ['services', 'revenue', 'transfers', 'subscriptions', 'registration-requests'] },
  {
    id: 'courses',
    slugs: [
      'courses/create',
      'courses/types',
      'courses/sections',
      'courses/approval',
      'courses/activation',
      'courses/lessons',
      'courses/exams',
      'courses/video',
      'courses/data-saver',
      'courses/offline',
      'courses/plans',
      'courses/analytics',
    ],
  },
  { id: 'students', slugs: ['students/management', 'students/team', 'students/groups', 'students/live-sessions', 'students/messaging', 'students/broadcasts'] },
] as const;

export const DOC_SLUGS: readonly string[] = DOC_GROUPS.flatMap((g) => g.slugs);

export const DOCS_HOME = '/teacher-documentation';
export const docPath = (slug: string) => `/documentation/${slug}`;

export function isDocSlug(slug: string): boolean {
  return DOC_SLUGS.includes(slug);
}
