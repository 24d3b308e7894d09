import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ORIGIN, registerTeacherViaApi } from '../support/auth';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, expectNoSeriousA11yViolations, SCREENSHOTS } from '../support/page-checks';

const headers = { origin: ORIGIN };
const randomIp = () => `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** A teacher with a published course and one subscribed student (registered on the teacher's platform). */
async function classWithStudent(page: Page, request: APIRequestContext, teacherName: string) {
  const account = uniqueAccount('msg');
  await registerTeacherViaApi(page, account, teacherName);
  const call = async (url: string, data: unknown, method: 'post' | 'put' | 'patch' = 'post') => {
    const res = await page.request[method](url, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
  const course = await call('/api/courses/teacher/courses', { title: 'رياضيات الباكالوريا', kind: 'organized', description: '' });
  const courseId = course.id as string;
  const section = await call(`/api/courses/teacher/courses/${courseId}/sections`, { title: 'الوحدة الأولى' });
  await call(`/api/courses/teacher/courses/${courseId}/lessons`, { sectionId: section.id, title: 'الدرس الأول', type: 'text', bodyHtml: '<p>مرحبا</p>' });
  const plans = (await call(`/api/courses/teacher/courses/${courseId}/plans`, { plans: [{ type: 'monthly', priceDzd: 2500 }] }, 'put')) as {
    plans: Array<{ id: string }>;
  };
  await call(`/api/courses/teacher/courses/${courseId}`, { status: 'published' }, 'patch');
  const student = uniqueAccount('msg-student');
  const signUp = await request.post('/api/accounts/register/student', {
    data: { name: 'سلمى الطالبة', email: student.email, password: student.password, platform: account.subdomain },
    headers,
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const found = (await (await page.request.get(`/api/subscriptions/teacher/students?q=${encodeURIComponent(student.email)}`)).json()) as {
    rows: Array<{ studentId: string }>;
  };
  await call('/api/subscriptions/teacher/enrollments', { studentId: found.rows[0]!.studentId, courseId, planId: plans.plans[0]!.id });
  return { student };
}

async function studentPage(browser: Browser, student: { email: string; password: string }, locale = 'ar') {
  const context = await browser.newContext({ locale, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
  const page = await context.newPage();
  const res = await page.request.post('/api/accounts/login', { data: { email: student.email, password: student.password }, headers });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page };
}

test.describe('messages and announcements (Arabic)', () => {
  test('the teacher announces to a course; the student sees the bell rise without reloading, reads and replies; the teacher sees the reply', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { student } = await classWithStudent(page, request, 'أستاذة ليلى');
    const learner = await studentPage(browser, student);
    await learner.page.goto('/student/dashboard');
    await expectDirection(learner.page, 'ar');
    await expect(learner.page.getByTestId('notification-bell')).toBeVisible();
    await expect(learner.page.getByTestId('notification-count')).toHaveCount(0);

    await page.goto('/dashboard/messages');
    await expectDirection(page, 'ar');
    await page.getByTestId('messages-tab-broadcasts').click();
    await page.getByTestId('broadcast-audience').selectOption('course');
    await expect(page.getByTestId('broadcast-course')).toContainText('رياضيات الباكالوريا');
    await page.getByTestId('broadcast-body').fill('تم تأجيل حصة الغد إلى يوم الأحد على الساعة الخامسة.');
    await page.getByTestId('broadcast-send').click();
    await expect(page.getByTestId('broadcast-counts').first()).toHaveText('وصلت: 1 · قُرئت: 0');
    await expectNoSeriousA11yViolations(page);

    // The student's page was not reloaded: the count comes down the event stream.
    await expect(learner.page.getByTestId('notification-count')).toHaveText('1');
    await learner.page.getByTestId('notification-bell').click();
    const item = learner.page.getByTestId('notification-item').first();
    await expect(item).toContainText('تم تأجيل حصة الغد');
    await learner.page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(learner.page);
    await expectNoSeriousA11yViolations(learner.page);
    await learner.page.screenshot({ path: `${SCREENSHOTS}/notifications-student-ar-375.png`, fullPage: true });
    await item.getByRole('link', { name: 'فتح' }).click();
    await expect(learner.page.getByTestId('message').first()).toContainText('تم تأجيل حصة الغد');
    await expect(learner.page.getByTestId('notification-count')).toHaveCount(0);
    await learner.page.getByTestId('message-input').fill('شكرًا أستاذة، <b>سأحضر</b> يوم الأحد');
    await learner.page.getByTestId('message-send').click();
    // What a student types is shown as text, never as HTML.
    await expect(learner.page.getByTestId('message').first()).toHaveText(/<b>سأحضر<\/b>/);
    await expectNoHorizontalOverflow(learner.page);
    await learner.page.screenshot({ path: `${SCREENSHOTS}/messages-student-ar-375.png`, fullPage: true });

    // The teacher's bell rises too, and the conversation shows the reply (the broadcast now read).
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await page.getByTestId('messages-tab-students').click();
    await expect(page.getByTestId('conversation')).toContainText('سلمى الطالبة');
    await expect(page.getByTestId('message').first()).toContainText('<b>سأحضر</b> يوم الأحد');
    await page.getByTestId('messages-tab-broadcasts').click();
    await expect(page.getByTestId('broadcast-counts').first()).toHaveText('وصلت: 1 · قُرئت: 1');
    await page.screenshot({ path: `${SCREENSHOTS}/messages-teacher-ar-1280.png`, fullPage: true });
    await learner.context.close();
  });
});

test.describe('notifications (English)', () => {
  test.use({ locale: 'en-US' });
  test('a teacher reads a student message notification, marks all read and chooses a daily summary by e-mail', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const { student } = await classWithStudent(page, request, 'Ms Leila');
    const learner = await studentPage(browser, student, 'en-US');
    await learner.page.goto('/student/dashboard/messages');
    await learner.page.getByTestId('message-input').fill('Hello, a question about lesson 1');
    await learner.page.getByTestId('message-send').click();
    await expect(learner.page.getByTestId('message')).toHaveCount(1);

    await page.goto('/teacher/notifications');
    await expectDirection(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await expect(page.getByTestId('notification-item').first()).toContainText('a question about lesson 1');
    await page.getByTestId('mark-all-read').click();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    const settings = page.getByTestId('notification-settings');
    await settings.getByRole('listitem').filter({ hasText: 'Messages' }).getByLabel('E-mail').selectOption('digest');
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.reload();
    await expect(settings.getByRole('listitem').filter({ hasText: 'Messages' }).getByLabel('E-mail')).toHaveValue('digest');
    await expectNoSeriousA11yViolations(page);
    await learner.context.close();
  });
});
