import type { ReactNode } from 'react';
import { PAYMENT_METHODS } from '@shared/plans';
import { DOC_GROUPS, docPath } from './docs-pages';
import { useSite } from './context';
import { AboutPage, ContactPage, FaqPage, HelpPage, LegalPage, PaymentPage, SuccessStoriesPage } from './pages/company';
import { DocsHomePage } from './pages/docs';
import { FeatureAreaPage, FeaturesPage } from './pages/features';
import { HomePage } from './pages/home';
import { RoadmapPage } from './pages/roadmap';

/** `meta` names the page's title and description under `meta.{meta}` of the site namespace. */
export type TSiteRoute = { path: string; meta: string; render: () => ReactNode };

const POPULAR_DOCS = ['getting-started', 'landing-page/intro', 'courses/create', 'courses/activation', 'students/management', 'subscriptions'];

function HelpWithGuides() {
  const { t } = useSite();
  const popular = POPULAR_DOCS.map((slug) => ({ href: docPath(slug), title: t(`docs:pages.${slug}.title`) }));
  return <HelpPage popular={popular} />;
}

/** Every page of spec §2.1 (plus the documentation home of §2.2), in sitemap order. */
export const SITE_ROUTES: readonly TSiteRoute[] = [
  { path: '/', meta: 'home', render: () => <HomePage /> },
  { path: '/features', meta: 'features', render: () => <FeaturesPage /> },
  { path: '/features/courses', meta: 'featuresCourses', render: () => <FeatureAreaPage area="courses" /> },
  { path: '/features/students', meta: 'featuresStudents', render: () => <FeatureAreaPage area="students" /> },
  { path: '/features/marketing', meta: 'featuresMarketing', render: () => <FeatureAreaPage area="marketing" /> },
  { path: '/features/payments', meta: 'featuresPayments', render: () => <FeatureAreaPage area="payments" /> },
  { path: '/features/tiktok-ads', meta: 'featuresTiktokAds', render: () => <FeatureAreaPage area="tiktokAds" /> },
  { path: '/about', meta: 'about', render: () => <AboutPage /> },
  { path: '/contact', meta: 'contact', render: () => <ContactPage /> },
  { path: '/success-stories', meta: 'successStories', render: () => <SuccessStoriesPage /> },
  { path: '/roadmap', meta: 'roadmap', render: () => <RoadmapPage /> },
  { path: '/privacy', meta: 'privacy', render: () => <LegalPage doc="privacy" /> },
  { path: '/terms', meta: 'terms', render: () => <LegalPage doc="terms" /> },
  { path: '/faq', meta: 'faq', render: () => <FaqPage /> },
  { path: '/help', meta: 'help', render: () => <HelpWithGuides /> },
  { path: '/payment', meta: 'payment', render: () => <PaymentPage methods={PAYMENT_METHODS} /> },
  { path: '/teacher-documentation', meta: 'teacherDocumentation', render: () => <DocsHomePage /> },
];

/** Every public path: the pages above and each documentation page. */
export const PUBLIC_PATHS: readonly string[] = [...SITE_ROUTES.map((r) => r.path), ...DOC_GROUPS.flatMap((g) => g.slugs.map(docPath))];
