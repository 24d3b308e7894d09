import fs from 'node:fs';
import path from 'node:path';

/*
 * Spec §2.1 and §2.2, written out here once rather than read from the code under test (the e2e and the
 * integration tests compare the site against these lists).
 */
export const SPEC_SITE_PATHS = [
  '/',
  '/features',
  '/features/courses',
  '/features/students',
  '/features/marketing',
  '/features/payments',
  '/features/tiktok-ads',
  '/about',
  '/contact',
  '/success-stories',
  '/roadmap',
  '/privacy',
  '/terms',
  '/faq',
  '/help',
  '/payment',
  '/teacher-documentation',
];
export const SPEC_DOC_SLUGS = [
  'overview',
  'release-notes',
  'platform-guide',
  'getting-started',
  ...['intro', 'hero', 'features', 'course-content', 'about-me', 'pricing', 'testimonials', 'faq', 'contact', 'contact-requests'].map(
    (s) => `landing-page/${s}`,
  ),
  'services',
  'revenue',
  // Transfers with receipts (issue 13).
  'transfers',
  'subscriptions',
  'registration-requests',
  // 'video' is the lesson-video page issue 12 adds to spec §2.2's list, students/live-sessions the live sessions' (issue 14).
  // 'data-saver' and 'offline' are the low-bandwidth and offline pages of issue 30.
  ...['create', 'types', 'sections', 'approval', 'activation', 'lessons', 'exams', 'video', 'data-saver', 'offline', 'plans', 'analytics'].map(
    (s) => `courses/${s}`,
  ),
  // 'team' is the teaching staff's page (issue 28).
  ...['management', 'team', 'groups', 'live-sessions', 'messaging', 'broadcasts'].map((s) => `students/${s}`),
];
export const SPEC_PUBLIC_PATHS = [...SPEC_SITE_PATHS, ...SPEC_DOC_SLUGS.map((slug) => `/documentation/${slug}`)];

type TTree = Record<string, unknown>;
export const locale = (lng: string, ns = 'site') => JSON.parse(fs.readFileSync(path.resolve('public/locales', lng, `${ns}.json`), 'utf8')) as TTree;
export const get = (tree: TTree, key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as TTree | undefined)?.[part], tree);
  if (typeof value !== 'string') throw new Error(`no text at ${key}`);
  return value;
};

/** For each page: where its h1 comes from and one piece of key content that must be visible. */
const PAGE_TEXT: Record<string, { h1: string; key: string }> = {
  '/': { h1: 'hero.title', key: 'pricing.title' },
  '/features': { h1: 'featurePages.overview.title', key: 'featurePages.overview.areasTitle' },
  '/features/courses': { h1: 'featurePages.courses.title', key: 'featurePages.courses.sections.0.title' },
  '/features/students': { h1: 'featurePages.students.title', key: 'featurePages.students.sections.0.title' },
  '/features/marketing': { h1: 'featurePages.marketing.title', key: 'featurePages.marketing.sections.0.title' },
  '/features/payments': { h1: 'featurePages.payments.title', key: 'featurePages.payments.sections.0.title' },
  '/features/tiktok-ads': { h1: 'featurePages.tiktokAds.title', key: 'featurePages.tiktokAds.sections.0.title' },
  '/about': { h1: 'about.title', key: 'about.sections.0.title' },
  '/contact': { h1: 'meta.contact.title', key: 'details.hoursValue' },
  '/success-stories': { h1: 'stories.title', key: 'stories.items.0.name' },
  '/roadmap': { h1: 'roadmap.title', key: 'roadmap.releasesTitle' },
  '/privacy': { h1: 'legal.privacy.title', key: 'legal.privacy.sections.0.title' },
  '/terms': { h1: 'legal.terms.title', key: 'legal.terms.sections.0.title' },
  '/faq': { h1: 'faqPage.title', key: 'faq.items.0.q' },
  '/help': { h1: 'help.title', key: 'help.cards.0.title' },
  '/payment': { h1: 'payment.title', key: 'payment.methods.cashOnDelivery.title' },
  '/teacher-documentation': { h1: 'meta.teacherDocumentation.title', key: 'docs.intro' },
};

/**
 * How a documentation page's Markdown body starts once rendered: its first `## ` heading, or for a short
 * page without one, the start of its first paragraph (the Markdown's own emphasis and code marks removed).
 */
export const docBodyStart = (lng: string, slug: string): { h2: string } | { p: string } => {
  const markdown = fs.readFileSync(path.resolve('content/docs', lng, `${slug}.md`), 'utf8');
  const plain = (s: string) => s.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
  const heading = /^## (.+)$/m.exec(markdown)?.[1];
  return heading ? { h2: plain(heading) } : { p: plain(markdown.split(/\n\n/)[0]!).slice(0, 40) };
};

export type TPageCase = { path: string; h1: (lng: string) => string; key: (lng: string) => string; body?: (lng: string) => ReturnType<typeof docBodyStart> };

export const PAGE_CASES: TPageCase[] = [
  ...SPEC_SITE_PATHS.map((p) => {
    const text = PAGE_TEXT[p];
    if (!text) throw new Error(`no expectations for ${p}`);
    return { path: p, h1: (lng: string) => get(locale(lng), text.h1), key: (lng: string) => get(locale(lng), text.key) };
  }),
  ...SPEC_DOC_SLUGS.map((slug) => ({
    path: `/documentation/${slug}`,
    h1: (lng: string) => get(locale(lng, 'docs'), `pages.${slug}.title`),
    key: (lng: string) => get(locale(lng, 'docs'), `pages.${slug}.description`),
    body: (lng: string) => docBodyStart(lng, slug),
  })),
];
