import type { APIRequestContext, Download, Page } from '@playwright/test';
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

type TApi = Pick<APIRequestContext, 'get' | 'post' | 'put' | 'patch'>;

/** A JSON call that must succeed; state-changing calls name the origin (CSRF check). */
async function call<T = Record<string, unknown>>(request: TApi, method: 'get' | 'post' | 'put' | 'patch', url: string, data?: unknown): Promise<T> {
  const res = await request[method](`${ORIGIN}${url}`, { ...(data === undefined ? {} : { data }), headers: { origin: ORIGIN } });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A published course with one section and one text lesson, sold by `plans` (an organized one opens its lessons in order). */
async function publishedCourse(request: APIRequestContext, title: string, plans: Array<{ type: string; priceDzd: number }>, kind = 'organized') {
  const course = await call<{ id: string }>(request, 'post', '/api/courses/teacher/courses', { title, kind, description: 'دورة' });
  const section = await call<{ id: string }>(request, 'post', `/api/courses/teacher/courses/${course.id}/sections`, { title: 'الفصل الأول' });
  await call(request, 'post', `/api/courses/teacher/courses/${course.id}/lessons`, {
    sectionId: section.id,
    title: 'الدرس الأول',
    type: 'text',
    bodyHtml: '<p>نص</p>',
  });
  const saved = await call<{ plans: Array<{ id: string }> }>(request, 'put', `/api/courses/teacher/courses/${course.id}/plans`, { plans });
  await call(request, 'patch', `/api/courses/teacher/courses/${course.id}`, { status: 'published' });
  return { courseId: course.id, sectionId: section.id, planId: saved.plans[0]!.id };
}

async function freeCourse(request: APIRequestContext, title: string) {
  return (await publishedCourse(request, title, [{ type: 'free', priceDzd: 0 }])).courseId;
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

async function downloadText(download: Promise<Download>) {
  const stream = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

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
  const bytes = await downloadText(download);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('Taux d’achèvement (%)');
  expect(bytes.toString('utf8')).toContain('Cours de statistiques');
});

/*
 * Where enrollments come from (decision 216) and how quizzes go, on data made through the API: one student enrolls
 * free from the landing page (the darsi_entry cookie its script sets), one from the course page, one types a code
 * and one is added by the teacher; two take a quiz (2/2 and 1/2, pass mark 60%).
 */

const tf = (id: string, prompt: string) => ({ id, type: 'truefalse', prompt, points: 1, correct: true });

/** A student of the teacher's platform, signed in, in a request context of their own (with the entry-page cookie when given). */
async function platformStudent(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  subdomain: string,
  entry?: 'landing' | 'course',
) {
  const cookies = entry
    ? [{ name: 'darsi_entry', value: entry, domain: 'localhost', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }]
    : [];
  const api = await playwright.request.newContext({
    baseURL: ORIGIN,
    storageState: { cookies, origins: [] },
    extraHTTPHeaders: { origin: ORIGIN, 'x-forwarded-for': `10.252.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const account = uniqueAccount('asrc');
  const res = await api.post('/api/accounts/register/student', {
    data: { name: 'طالب المصادر', email: account.email, password: account.password, platform: subdomain },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInAs(api, account.email);
  return { api, email: account.email };
}

/** The student answers the quiz's two true/false questions (the second one right only when `hard`) and submits. */
async function takeQuiz(api: APIRequestContext, quizId: string, hard: boolean) {
  const { attempt } = await call<{ attempt: { id: string } }>(api, 'post', `/api/quizzes/student/quizzes/${quizId}/attempts`, {});
  await call(api, 'put', `/api/quizzes/student/attempts/${attempt.id}/answers`, {
    answers: [
      { clientId: 'e2e-device-0001', seq: 1, questionId: 'easy', value: { bool: true } },
      { clientId: 'e2e-device-0001', seq: 2, questionId: 'hard', value: { bool: hard } },
    ],
  });
  await call(api, 'post', `/api/quizzes/student/attempts/${attempt.id}/submit`);
}

async function sourcesAndQuizData(page: Page, playwright: Parameters<typeof platformStudent>[0]) {
  const teacher = await newTeacher(page);
  const free = await publishedCourse(page.request, 'دورة المصادر', [{ type: 'free', priceDzd: 0 }], 'regular');
  const paid = await publishedCourse(page.request, 'دورة الأكواد', [{ type: 'monthly', priceDzd: 1500 }]);
  const quiz = await call<{ id: string }>(page.request, 'post', '/api/quizzes/teacher/quizzes', {
    courseId: free.courseId,
    sectionId: free.sectionId,
    title: 'اختبار الدوال',
    kind: 'quiz',
    attemptsAllowed: null,
    passPercent: 60,
    subjects: [{ id: 's', exercises: [{ id: 'e', title: 'التمرين', questions: [tf('easy', 'الدالة معرّفة؟'), tf('hard', 'الدالة متزايدة؟')] }] }],
  });
  const batch = await call<{ id: string }>(page.request, 'post', '/api/codes/teacher/batches', {
    courseId: paid.courseId,
    planId: paid.planId,
    count: 1,
    validUntil: new Date(Date.now() + 9 * 86_400_000).toISOString(),
  });
  const codes = await (await page.request.get(`${ORIGIN}/api/codes/teacher/batches/${batch.id}/export/csv`)).text();
  const [, code, card] = /^\d+,"=""(\d{6})""",.*,"=""(\d+-\d{4})""",\S+\r?$/m.exec(codes) ?? [];

  const fromLanding = await platformStudent(playwright, teacher.subdomain, 'landing');
  const fromCourse = await platformStudent(playwright, teacher.subdomain, 'course');
  const withCode = await platformStudent(playwright, teacher.subdomain);
  for (const s of [fromLanding, fromCourse]) await call(s.api, 'post', `/api/learning/student/courses/${free.courseId}/enroll-free`);
  expect(await call(withCode.api, 'post', '/api/codes/student/redeem', { code, card, platform: teacher.subdomain })).toMatchObject({ pending: false });
  await takeQuiz(fromLanding.api, quiz.id, true);
  await takeQuiz(fromCourse.api, quiz.id, false);
  // The teacher adds the course-page student to the paid course by hand.
  const { rows } = await call<{ rows: Array<{ studentId: string }> }>(
    page.request,
    'get',
    `/api/subscriptions/teacher/students?q=${encodeURIComponent(fromCourse.email)}`,
  );
  await call(page.request, 'post', '/api/subscriptions/teacher/enrollments', { studentId: rows[0]!.studentId, courseId: paid.courseId, planId: paid.planId });
  for (const s of [fromLanding, fromCourse, withCode]) await s.api.dispose();
  return { halfStudentId: rows[0]!.studentId };
}

/** The cells of the row of a table whose first cell is `label`. */
const rowOf = (page: Page, table: string, label: string) =>
  page.getByTestId(`${table}-row`).filter({ has: page.locator('td').first().getByText(label, { exact: true }) });

test('the teacher sees where enrollments come from, the quiz figures and one student’s score (Arabic, 1280 and 375 px; French)', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const { halfStudentId } = await sourcesAndQuizData(page, playwright);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/teacher/analytics');
  await expect(page.getByTestId('funnel-registrations-value')).toHaveText('3', { timeout: 20_000 });
  await expect(page.getByTestId('funnel-enrollments-value')).toHaveText('4');
  const sources: Array<[string, string]> = [
    ['مجاني من صفحة الهبوط', '1'],
    ['مجاني من صفحة الدورة', '1'],
    ['كود تفعيل', '1'],
    ['بطاقة', '0'],
    ['تحويل', '0'],
    ['أضافه الأستاذ', '1'],
  ];
  for (const [label, count] of sources) await expect(rowOf(page, 'funnel-table', label).locator('td').nth(1)).toHaveText(count);
  await expect(page.getByTestId('funnel-chart').locator('.recharts-bar-rectangle')).toHaveCount(4); // the four sources with an enrollment

  // The quiz: 2 attempts by 2 students, 75% on average, from 50% to 100%, half of them passed.
  const quiz = page.getByTestId('quizzes-table-row');
  await expect(quiz).toHaveCount(1);
  await expect(quiz.locator('td')).toHaveText(['دورة المصادر', 'اختبار الدوال', '2', '2', '75%', '50%', '100%', '50%', 'إحصاءات الأسئلة']);
  await quiz.getByTestId('quiz-items-open').click();
  await expect(page.getByTestId('quiz-items')).toContainText('محاولتان نهائيتان');
  await expect(rowOf(page, 'quiz-items-table', 'التمرين · الدالة معرّفة؟').locator('td')).toHaveText(['التمرين · الدالة معرّفة؟', '2', '100%', '—']);
  await expect(rowOf(page, 'quiz-items-table', 'التمرين · الدالة متزايدة؟').locator('td')).toHaveText(['التمرين · الدالة متزايدة؟', '2', '50%', '—']);

  // The quizzes' CSV: UTF-8 with a BOM, Arabic headers, shares as plain numbers.
  const csv = await downloadText(Promise.all([page.waitForEvent('download'), page.getByTestId('analytics-quizzes-csv').click()]).then(([d]) => d));
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.toString('utf8').slice(1).split(/\r?\n/).filter(Boolean)).toEqual([
    'الدورة,الاختبار,المحاولات,الطلاب,متوسط العلامة (%),أدنى علامة (%),أعلى علامة (%),نسبة النجاح (%)',
    'دورة المصادر,اختبار الدوال,2,2,75,50,100,50',
  ]);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/teacher-analytics-sources-quizzes-ar-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/teacher-analytics-sources-quizzes-ar-375.png`, fullPage: true });

  // One student's page: the quiz score, out of its maximum, with its share.
  await page.goto(`/teacher/students/${halfStudentId}/analytics`);
  await expect(page.getByTestId('student-quizzes-row').locator('td').nth(3)).toHaveText('1 / 2 (50%)');
  await expect(page.getByTestId('student-quizzes-row').locator('td').nth(2)).toHaveText('اختبار الدوال');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/teacher-student-analytics-ar-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/teacher-student-analytics-ar-1280.png`, fullPage: true });

  // The same figures in French, with French number formatting ("75 %").
  await page.goto('/teacher/analytics?lng=fr');
  await expect(rowOf(page, 'funnel-table', 'Gratuit, depuis la page d’accueil').locator('td').nth(1)).toHaveText('1', { timeout: 20_000 });
  await expect(page.getByTestId('quizzes-table-row').locator('td').nth(4)).toHaveText('75\u202f%');
  await page.screenshot({ path: `${SCREENSHOTS}/teacher-analytics-sources-quizzes-fr-1280.png`, fullPage: true });
});
