import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { ORIGIN, signInAs } from '../support/sessions';

/*
 * Issue 27: a teacher opens analytics and sees the funnel; a new student registers on the platform and enrolls in a
 * free course; today's figures are live, so the funnel moves on the next load. Its own teacher, so that no other
 * spec moves the figures.
 */

async function newTeacher(page: Page) {
  const account = uniqueAccount('an');
  const res = await page.request.post(`${ORIGIN}/api/accounts/register/teacher`, {
    data: { name: 'أستاذة التحليلات', email: account.email, subdomain: account.subdomain, password: account.password },
    headers: { origin: ORIGIN },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInAs(page, account.email);
  return account;
}

async function freeCourse(request: APIRequestContext, title: string) {
  const headers = { origin: ORIGIN };
  const post = async (url: string, data: unknown, method: 'post' | 'put' | 'patch' = 'post') => {
    const res = await request[method](`${ORIGIN}${url}`, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const course = await post('/api/courses/teacher/courses', { title, kind: 'organized', description: 'دورة' });
  const section = await post(`/api/courses/teacher/courses/${course.id}/sections`, { title: 'الفصل الأول' });
  await post(`/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'الدرس الأول', type: 'text', bodyHtml: '<p>نص</p>' });
  await post(`/api/courses/teacher/courses/${course.id}/plans`, { plans: [{ type: 'free', priceDzd: 0 }] }, 'put');
  await post(`/api/courses/teacher/courses/${course.id}`, { status: 'published' }, 'patch');
  return course.id as string;
}

/** A visitor signs up on the teacher's platform, then takes the free course. */
async function studentJoinsAndEnrolls(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, subdomain: string, courseId: string) {
  const api = await playwright.request.newContext({
    baseURL: ORIGIN,
    extraHTTPHeaders: { origin: ORIGIN, 'x-forwarded-for': `10.251.${Math.floor(Math.random() * 250)}.9` },
  });
  const account = uniqueAccount('as');
  const res = await api.post('/api/accounts/register/student', {
    data: { name: 'طالبة جديدة', email: account.email, password: account.password, platform: subdomain },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInAs(api, account.email);
  const enrolled = await api.post(`/api/learning/student/courses/${courseId}/enroll-free`);
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  await api.dispose();
}

test('the teacher sees the funnel move when a new student registers and enrolls (Arabic)', async ({ page, playwright }) => {
  const teacher = await newTeacher(page);
  const courseId = await freeCourse(page.request, 'دورة التحليلات');
  await page.goto('/teacher/analytics');
  await expectDirection(page, 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('التحليلات', { timeout: 20_000 });
  await expect(page.getByTestId('funnel-registrations-value')).toHaveText('0');
  await expect(page.getByTestId('funnel-enrollments-value')).toHaveText('0');

  await studentJoinsAndEnrolls(playwright, teacher.subdomain, courseId);
  await page.reload();
  await expect(page.getByTestId('funnel-registrations-value')).toHaveText('1', { timeout: 20_000 });
  await expect(page.getByTestId('funnel-enrollments-value')).toHaveText('1');
  await expect(page.getByTestId('funnel-table')).toContainText('مجاني من صفحة الدورة');
  await expect(page.getByTestId('funnel-conversions')).toContainText('100%');
  await expect(page.getByTestId('funnel-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('completion-table')).toContainText('دورة التحليلات');
  // The chart mirrors: in Arabic the category axis sits on the right.
  await expect(page.getByTestId('funnel-chart').locator('.recharts-yAxis.yAxis')).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/teacher-analytics-ar.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/teacher-analytics-ar-375.png`, fullPage: true });

  // The student list leads to the student's own page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/teacher/students');
  await page.getByTestId('student-analytics-link').first().click();
  await expect(page.getByTestId('student-analytics-page')).toBeVisible();
  await expect(page.getByTestId('student-courses')).toContainText('دورة التحليلات');
});

test('analytics in French: pickers, the course filter and a CSV export', async ({ page }) => {
  await newTeacher(page);
  await freeCourse(page.request, 'Cours de statistiques');
  await page.goto('/teacher/analytics?lng=fr');
  await expectDirection(page, 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistiques', { timeout: 20_000 });
  await page.getByTestId('period-7').click();
  await expect(page.getByTestId('period-7')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('activity-chart')).toHaveAttribute('data-points', '7');
  await page.getByTestId('analytics-course').selectOption({ label: 'Cours de statistiques' });
  await expect(page).toHaveURL(/course=/);
  await expect(page.getByTestId('completion-table-row')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByTestId('analytics-completion-csv').click();
  const bytes = await (await download).createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  });
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('Taux d’achèvement (%)');
  expect(bytes.toString('utf8')).toContain('Cours de statistiques');
});
