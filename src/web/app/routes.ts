import { createElement } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { LoadingOverlay } from '@web/components/ui/loading-overlay';
import { adminChildRoutes } from '@web/features/admin/routes';
import { analyticsAdminRoutes, analyticsTeacherRoutes } from '@web/features/analytics/routes';
import { billingTeacherRoutes } from '@web/features/billing/routes';
import { codesPublicRoutes, codesStudentRoutes, codesTeacherRoutes } from '@web/features/codes/routes';
import { coursesTeacherPreviewRoutes, coursesTeacherRoutes } from '@web/features/courses/routes';
import { learningStudentRoutes } from '@web/features/learning/routes';
import { staffAcceptRoute, staffTeacherRoutes } from '@web/features/staff/routes';
import { landingDashboardRoutes } from '@web/features/landing/routes';
import { liveStudentRoutes, liveTeacherRoutes } from '@web/features/live/routes';
import { feedbackAdminRoute, feedbackTeacherRoute, messagesStudentRoute } from '@web/features/messages/routes';
import { notificationsRoute } from '@web/features/notifications/routes';
import { paymentsStudentRoutes, paymentsTeacherRoutes } from '@web/features/payments/routes';
import { quizzesStudentRoutes, quizzesTeacherRoutes } from '@web/features/quizzes/routes';
import { revenueStudentRoutes, revenueTeacherRoutes } from '@web/features/revenue/routes';
import { sitePublicRoutes } from '@web/features/site/routes';
import { subscriptionsTeacherRoutes } from '@web/features/subscriptions/routes';
import { videoOfflineAppRoute, videoPlatformRoutes, videoStudentRoutes } from '@web/features/video/routes';
import { hostPlatform } from '@web/lib/host-platform';
import { page, placeholder } from '@web/lib/route-helpers';

/** Leaves the app for a page the server renders (the platform home, its teach page); nothing renders meanwhile. */
function platformHomeDocument(request: Request): Promise<never> {
  window.location.assign(new URL(request.url).href);
  return new Promise<never>(() => {});
}

const notFound = () => import('@web/features/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage }));

const auth = {
  login: () => import('@web/features/auth/login-page').then((m) => m.LoginPage),
  teacherRegister: () => import('@web/features/auth/teacher-register-page').then((m) => m.TeacherRegisterPage),
  studentRegister: () => import('@web/features/auth/student-register-page').then((m) => m.StudentRegisterPage),
  forgot: () => import('@web/features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  reset: () => import('@web/features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  unlock: () => import('@web/features/auth/unlock-account-page').then((m) => m.UnlockAccountPage),
  verify: () => import('@web/features/auth/verify-page').then((m) => m.VerifyPage),
  adminRegister: () => import('@web/features/auth/admin-register-page').then((m) => m.AdminRegisterPage),
};

/** Spec §2.3: the same screens serve several portals; `portal` tells them which account they are for. */
const AUTH_PAGES: RouteObject[] = [
  page('login', auth.login, { portal: 'teacher', hostAware: 'true' }),
  page('teacher/login', auth.login, { portal: 'teacher' }),
  page('student/login', auth.login, { portal: 'student' }),
  page('admin/login', auth.login, { portal: 'admin' }),
  // On a teacher's host /register is that platform's student sign-up (spec §2.7 footer link).
  page('register', () => (hostPlatform() ? auth.studentRegister() : auth.teacherRegister()), { hostAware: 'true' }),
  page('teacher/register', auth.teacherRegister),
  page('student/register', auth.studentRegister),
  page('forgot-password', auth.forgot, { portal: 'teacher', hostAware: 'true' }),
  page('student/forgot-password', auth.forgot, { portal: 'student' }),
  page('reset-password', auth.reset, { portal: 'teacher', hostAware: 'true' }),
  page('student/reset-password', auth.reset, { portal: 'student' }),
  page('unlock-account', auth.unlock),
  page('verify', auth.verify),
  page('admin/register', auth.adminRegister),
];

const dashboard = {
  layout: () => import('@web/features/dashboard/teacher-layout'),
  // The overview shows the analytics feature's trends: the two meet here, where features may be combined.
  overview: () =>
    Promise.all([import('@web/features/dashboard/overview-page'), import('@web/features/analytics/overview-trends')]).then(
      ([m, a]) =>
        function TeacherOverview() {
          return createElement(m.TeacherOverviewPage, { trends: createElement(a.OverviewTrends) });
        },
    ),
  profile: () => import('@web/features/dashboard/profile-page').then((m) => m.TeacherProfilePage),
  // The payments section is the payments feature's: the two meet here, where features may be combined.
  settings: () =>
    Promise.all([import('@web/features/dashboard/settings-page'), import('@web/features/payments/payment-settings')]).then(
      ([m, p]) =>
        function TeacherSettings() {
          return createElement(m.SettingsPage, { payments: createElement(p.PaymentSettings) });
        },
    ),
  ads: () => import('@web/features/dashboard/ads-page').then((m) => m.AdsPage),
  // Students' conversations and the landing pages' contact requests share /dashboard/messages, kept apart in tabs.
  messages: () =>
    Promise.all([import('@web/features/messages/teacher-messages-page'), import('@web/features/landing/messages-page')]).then(
      ([m, l]) =>
        function TeacherMessages() {
          return createElement(m.TeacherMessagesPage, { contactRequests: createElement(l.MessagesPage) });
        },
    ),
};

const teacherArea: RouteObject = {
  lazy: () => dashboard.layout().then((m) => ({ Component: m.TeacherLayout, loader: m.teacherLoader })),
  children: [
    {
      path: 'dashboard',
      children: [
        page('', dashboard.overview),
        ...landingDashboardRoutes,
        ...revenueTeacherRoutes,
        ...billingTeacherRoutes,
        ...staffTeacherRoutes,
        page('ads', dashboard.ads),
        page('messages', dashboard.messages),
        feedbackTeacherRoute,
        { path: '*', loader: () => redirect('/dashboard') },
      ],
    },
    {
      path: 'teacher',
      children: [
        // Bare /teacher is the dashboard too (spec §2.4), not an empty frame.
        { index: true, loader: () => redirect('/teacher/dashboard') },
        page('dashboard', dashboard.overview),
        page('profile', dashboard.profile),
        page('settings', dashboard.settings),
        ...coursesTeacherRoutes,
        ...codesTeacherRoutes,
        ...subscriptionsTeacherRoutes,
        ...liveTeacherRoutes,
        ...quizzesTeacherRoutes,
        ...paymentsTeacherRoutes,
        notificationsRoute,
        ...analyticsTeacherRoutes,
      ],
    },
  ],
};

const studentArea = (prefix: string): RouteObject => ({
  path: `${prefix}student/dashboard`,
  lazy: () => import('@web/features/student/student-layout').then((m) => ({ Component: m.StudentLayout, loader: m.studentLoader })),
  children: [
    ...learningStudentRoutes,
    ...codesStudentRoutes,
    ...liveStudentRoutes,
    ...videoStudentRoutes,
    ...quizzesStudentRoutes,
    ...paymentsStudentRoutes,
    ...revenueStudentRoutes,
    notificationsRoute,
    messagesStudentRoute,
    placeholder('studentDashboard', '*'),
  ],
});

const adminArea: RouteObject = {
  path: 'admin/dashboard',
  lazy: () => import('@web/features/admin/admin-layout').then((m) => ({ Component: m.AdminLayout, loader: m.adminLoader, ErrorBoundary: m.AdminGuardError })),
  children: [...adminChildRoutes, ...analyticsAdminRoutes, notificationsRoute, feedbackAdminRoute],
};

export const routes: RouteObject[] = [
  {
    // Set here, not in the lazy module: React Router picks the first render's fallback before any lazy
    // module has loaded, and warned "No HydrateFallback element provided" on every page (issue 11).
    HydrateFallback: LoadingOverlay,
    lazy: () => import('./root-layout').then((m) => ({ Component: m.RootLayout })),
    children: [
      teacherArea,
      studentArea(''),
      videoOfflineAppRoute,
      adminArea,
      {
        path: 'platform/:subdomain',
        children: [
          studentArea(''),
          {
            lazy: () => import('@web/components/public-layout').then((m) => ({ Component: m.PublicLayout })),
            children: [
              // The platform home is rendered by the server (issue 15): an in-app link to it loads the document.
              { index: true, loader: ({ request }) => platformHomeDocument(request) },
              // The teach page is rendered by the server too (decision 067): no screen of its own in the app.
              { path: 'teach', loader: ({ request }) => platformHomeDocument(request) },
              ...videoPlatformRoutes,
              page('login', auth.login, { portal: 'platform' }),
              page('register', auth.studentRegister),
              page('forgot-password', auth.forgot, { portal: 'student' }),
              page('reset-password', auth.reset, { portal: 'student' }),
            ],
          },
        ],
      },
      {
        lazy: () => import('@web/components/public-layout').then((m) => ({ Component: m.PublicLayout })),
        children: [
          ...sitePublicRoutes,
          ...coursesTeacherPreviewRoutes,
          ...AUTH_PAGES,
          staffAcceptRoute,
          ...codesPublicRoutes,
          { path: '404', lazy: notFound },
          {
            path: 'inactive',
            lazy: () => import('@web/features/errors/inactive-page').then((m) => ({ Component: m.InactivePage })),
          },
          // Spec §2.5 /teacher/{subdomain}, for registered subdomains only (decision 010).
          { path: 'teacher/:subdomain', lazy: () => import('@web/features/auth/teacher-path').then((m) => ({ loader: m.teacherPathLoader })) },
          // Any deeper unknown /teacher/* path goes to the teacher dashboard (spec §2.4).
          { path: 'teacher/:section/*', loader: () => redirect('/teacher/dashboard') },
          { path: 't/:subdomain/student/dashboard/*', loader: () => redirect('/student/dashboard') },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
