import type { Browser, Page } from '@playwright/test';
import { ORIGIN } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

// A 1×1 PNG: the photo of a handwritten answer.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function call<T>(page: Page, method: 'get' | 'post' | 'put' | 'patch', url: string, data?: unknown): Promise<T> {
  const res = await page.request[method](url, { ...(data === undefined ? {} : { data }), headers: { origin: ORIGIN } });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The worker teacher's new course with one section and a free plan, the worker student enrolled. */
async function courseWithStudent(page: Page, studentEmail: string) {
  const course = await call<{ id: string }>(page, 'post', '/api/courses/teacher/courses', { title: 'رياضيات البكالوريا', kind: 'regular' });
  const section = await call<{ id: string }>(page, 'post', `/api/courses/teacher/courses/${course.id}/sections`, { title: 'الدوال' });
  await call(page, 'put', `/api/courses/teacher/courses/${course.id}/plans`, { plans: [{ type: 'free', priceDzd: 0 }] });
  await call(page, 'post', `/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'تذكير', type: 'text' });
  await call(page, 'patch', `/api/courses/teacher/courses/${course.id}`, { status: 'published' });
  const { plans } = await call<{ plans: Array<{ id: string }> }>(page, 'get', `/api/courses/teacher/courses/${course.id}`);
  const { rows } = await call<{ rows: Array<{ studentId: string }> }>(page, 'get', `/api/subscriptions/teacher/students?q=${encodeURIComponent(studentEmail)}`);
  await call(page, 'post', '/api/subscriptions/teacher/enrollments', { studentId: rows[0]!.studentId, courseId: course.id, planId: plans[0]!.id });
  return { courseId: course.id, sectionId: section.id };
}

/** The student on a phone, signed in on the main domain: the teacher's platform is /platform/{subdomain} there. */
async function studentPage(browser: Browser, email: string, locale = 'ar') {
  const context = await browser.newContext({ locale, baseURL: ORIGIN, viewport: { width: 375, height: 812 } });
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` });
  await signInAs(context, email);
  return { context, page: await context.newPage() };
}

test.describe('quizzes and exams (Arabic, 375 px)', () => {
  test('a teacher builds a timed exam; a student takes it through a dropped connection; the teacher grades the photo', async ({
    page,
    browser,
    workerTeacher,
    workerStudent,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, workerTeacher.email);
    const { courseId } = await courseWithStudent(page, workerStudent.email);

    // The teacher builds the exam on a phone: two exercises, a numeric answer, an expression, a photo with a rubric.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/teacher/dashboard/courses/quizzes/${courseId}`);
    await page.locator('#new-quiz-title').fill('امتحان تجريبي في الدوال');
    await page.locator('#new-quiz-kind').selectOption('exam');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/quizzes/teacher/quizzes') && r.request().method() === 'POST');
    await page.getByTestId('create-quiz').click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(201);
    await expect(page.getByTestId('exercise-editor')).toHaveCount(1);
    await page.locator('select[id$="-type"]').nth(0).selectOption('numeric');
    await page.locator('textarea[id$="-prompt"]').nth(0).fill('احسب $3+2$');
    await page.locator('input[id$="-points"]').nth(0).fill('4');
    await page.locator('input[id$="-answer"]').nth(0).fill('5');
    await page.getByTestId('add-exercise').click();
    await page.locator('select[id$="-type"]').nth(1).selectOption('expression');
    await page.locator('textarea[id$="-prompt"]').nth(1).fill('انشر $2(x+1)$');
    await page.locator('input[id$="-points"]').nth(1).fill('6');
    await page.locator('input[id$="-expr"]').fill('2x+2');
    await page.getByTestId('add-question').nth(1).click();
    await page.locator('select[id$="-type"]').nth(2).selectOption('upload');
    await page.locator('textarea[id$="-prompt"]').nth(2).fill('صورة الحل المكتوب');
    await page.getByLabel('المعيار 1', { exact: true }).fill('الخطوات');
    await page.getByLabel('نقاط المعيار 1').fill('5');
    await page.getByTestId('tab-rules').click();
    await page.locator('#quiz-time').fill('30');
    await page.getByTestId('save-quiz').click();
    await expect(page.getByText('تم حفظ الاختبار')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/quiz-editor-ar-375.png`, fullPage: true });

    const { quizzes } = await call<{ quizzes: Array<{ id: string; lessonId: string; maxPoints: number }> }>(
      page,
      'get',
      `/api/quizzes/teacher/courses/${courseId}/quizzes`,
    );
    expect(quizzes[0]!.maxPoints).toBe(15);

    // The student takes it on the teacher's platform.
    const student = await studentPage(browser, workerStudent.email);
    const s = student.page;
    await s.goto(`/platform/${workerTeacher.subdomain}/student/dashboard/quizzes/${quizzes[0]!.lessonId}`);
    await expect(s.getByTestId('quiz-rules')).toContainText('30 دقيقة');
    await s.getByTestId('start-attempt').click();
    await expect(s.getByTestId('countdown')).toBeVisible();
    // The exercise's number and its points stay two numbers in right-to-left text, never «التمرين 14 نقاط».
    await expect(s.locator('#exercise-title')).toHaveText('التمرين 1 · 4 نقاط');
    await expect(s.getByTestId('exercise-points').evaluate((el) => el.tagName)).resolves.toBe('BDI');
    await expect(s.getByTestId('question-1').locator('[data-math="inline"]')).toHaveAttribute('dir', 'ltr');
    await s.getByLabel('إجابتك').fill('5');
    await expect(s.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await s.screenshot({ path: `${SCREENSHOTS}/quiz-take-ar-375.png` });

    // The connection drops: the expression is typed offline and kept on the phone.
    await student.context.setOffline(true);
    await s.getByTestId('next-question').click();
    const field = s.locator('math-field');
    await expect(field).toBeVisible();
    await field.focus();
    await s.keyboard.type('2x+2', { delay: 50 });
    await expect(s.getByTestId('save-status')).toHaveAttribute('data-status', 'offline');
    await expect(s.getByTestId('offline-notice')).toBeVisible();
    await s.screenshot({ path: `${SCREENSHOTS}/quiz-offline-ar-375.png` });
    await student.context.setOffline(false);
    await expect(s.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });

    await s.getByTestId('next-question').click();
    await s.locator('input[type="file"]').setInputFiles({ name: 'hal.png', mimeType: 'image/png', buffer: PNG });
    await expect(s.locator('[data-testid$="-done"]')).toBeVisible();
    await s.getByTestId('submit-attempt').click();
    await s.getByTestId('confirm-dialog').getByRole('button', { name: 'تسليم' }).click();
    await expect(s.getByTestId('result-mark')).toBeVisible();
    await expect(s.getByTestId('exercise-score-1')).toContainText('4 / 4');
    // Exercise 2 waits for the photo to be graded: its points show once the teacher has marked it.
    await expect(s.getByTestId('exercise-score-2')).toContainText('/ 11');
    await expect(s.getByTestId('result-pending')).toBeVisible();
    await expectNoHorizontalOverflow(s);
    await s.screenshot({ path: `${SCREENSHOTS}/quiz-result-ar-375.png`, fullPage: true });
    await s.setViewportSize({ width: 1280, height: 900 });
    await s.screenshot({ path: `${SCREENSHOTS}/quiz-result-ar-1280.png`, fullPage: true });
    await student.context.close();

    // The teacher grades the photo against the rubric.
    await page.goto(`/teacher/dashboard/courses/quizzes/${courseId}/${quizzes[0]!.id}/results`);
    await page.getByTestId('grade-attempt').click();
    await expect(page.getByTestId('grade-upload').locator('img')).toBeVisible();
    await page.getByTestId('criterion-1').fill('4');
    await page.getByTestId('save-grade').click();
    await expect(page.getByText('تم حفظ التنقيط')).toBeVisible();
    await expect(page.getByTestId('grade-mark')).toContainText(/18[.,]67 \/ 20/);
    await page.screenshot({ path: `${SCREENSHOTS}/quiz-grade-ar-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/teacher/dashboard/courses/quizzes/${courseId}/${quizzes[0]!.id}/results`);
    await expect(page.getByTestId('item-analysis')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/quiz-results-ar-1280.png`, fullPage: true });
  });
});

test.describe('quizzes (French)', () => {
  test('a student takes a short quiz in French and sees the worked solution', async ({ page, browser, workerTeacher, workerStudent }) => {
    await signInAs(page, workerTeacher.email);
    const { courseId, sectionId } = await courseWithStudent(page, workerStudent.email);
    const quiz = await call<{ lessonId: string }>(page, 'post', '/api/quizzes/teacher/quizzes', {
      courseId,
      sectionId,
      title: 'Quiz : dérivées',
      kind: 'quiz',
      showAnswers: 'after_submit',
      passPercent: 50,
      subjects: [
        {
          id: 's1',
          exercises: [
            {
              id: 'e1',
              questions: [
                { id: 'q1', type: 'numeric', prompt: "Calculer $f'(1)$ pour $f(x)=x^2$", points: 2, answer: '2', solution: "$f'(x)=2x$ donc $f'(1)=2$" },
              ],
            },
          ],
        },
      ],
    });
    const student = await studentPage(browser, workerStudent.email, 'fr');
    const s = student.page;
    await s.goto(`/platform/${workerTeacher.subdomain}/student/dashboard/quizzes/${quiz.lessonId}?lng=fr`);
    await s.getByTestId('start-attempt').click();
    await s.getByLabel('Votre réponse').fill('2');
    await expect(s.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await s.getByTestId('submit-attempt').click();
    await s.getByTestId('confirm-dialog').getByRole('button', { name: 'Rendre' }).click();
    await expect(s.getByTestId('result-mark')).toContainText('20 / 20');
    await expect(s.getByTestId('result-passed')).toHaveText('Réussi');
    await s.getByText('Corrigé détaillé').click();
    await s.screenshot({ path: `${SCREENSHOTS}/quiz-result-fr-375.png`, fullPage: true });
    await student.context.close();
  });
});

test.describe('quiz figures and random numbers (Arabic, 375 px)', () => {
  test('a teacher puts a figure and a random number in a question; each student gets their own number and sees the figure', async ({
    page,
    browser,
    workerTeacher,
    workerStudent,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, workerTeacher.email);
    const { courseId } = await courseWithStudent(page, workerStudent.email);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/teacher/dashboard/courses/quizzes/${courseId}`);
    // The bank's editor takes a figure too (decision 232): sent at once, shown with the question once added.
    await page.getByRole('tab', { name: 'بنك الأسئلة' }).click();
    await page.getByRole('button', { name: 'سؤال جديد في البنك' }).click();
    const bankQuestion = page.getByTestId('question-editor');
    await bankQuestion.locator('select[id$="-type"]').selectOption('truefalse');
    await bankQuestion.locator('textarea[id$="-prompt"]').fill('المنحنى متزايد؟');
    const bankSent = page.waitForResponse((r) => r.url().includes('/api/quizzes/teacher/figures/bank/') && r.request().method() === 'PUT');
    await bankQuestion.locator('input[type="file"]').setInputFiles({ name: 'munhana.png', mimeType: 'image/png', buffer: PNG });
    expect((await bankSent).status()).toBe(201);
    await page.getByRole('button', { name: 'إضافة إلى البنك' }).click();
    const banked = page.getByRole('listitem').filter({ hasText: 'المنحنى متزايد؟' }).getByTestId('quiz-figure');
    await expect.poll(() => banked.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'الاختبارات' }).click();
    await page.locator('#new-quiz-title').fill('مساحة المربع');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/quizzes/teacher/quizzes') && r.request().method() === 'POST');
    await page.getByTestId('create-quiz').click();
    expect((await created).status()).toBe(201);
    const question = page.getByTestId('question-editor').first();
    await question.locator('select[id$="-type"]').selectOption('numeric');
    await question.locator('textarea[id$="-prompt"]').fill('مربع ضلعه {a} سم، ما مساحته؟');
    // The random number: a between 2 and 9, the answer written with it.
    await question.getByRole('button', { name: 'إضافة عدد عشوائي' }).click();
    await question.getByLabel('الحد الأدنى للعدد 1').fill('2');
    await question.getByLabel('الحد الأقصى للعدد 1').fill('9');
    await question.locator('input[id$="-answer"]').fill('a*a');
    // The figure: an image sent at once, shown under the text.
    const sent = page.waitForResponse((r) => r.url().includes('/api/quizzes/teacher/figures/') && r.request().method() === 'PUT');
    await question.locator('input[type="file"]').setInputFiles({ name: 'murabba.png', mimeType: 'image/png', buffer: PNG });
    expect((await sent).status()).toBe(201);
    await expect(question.getByTestId('quiz-figure')).toBeVisible();
    await expect(question.getByTestId('quiz-figure')).toHaveJSProperty('complete', true);
    await page.getByTestId('save-quiz').click();
    await expect(page.getByText('تم حفظ الاختبار')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/quiz-editor-figure-ar-375.png`, fullPage: true });

    const { quizzes } = await call<{ quizzes: Array<{ id: string; lessonId: string }> }>(page, 'get', `/api/quizzes/teacher/courses/${courseId}/quizzes`);
    const editor = await call<{ subjects: Array<{ exercises: Array<{ questions: Array<{ figure: string | null; variables: unknown[] }> }> }> }>(
      page,
      'get',
      `/api/quizzes/teacher/quizzes/${quizzes[0]!.id}`,
    );
    const saved = editor.subjects[0]!.exercises[0]!.questions[0]!;
    expect(saved.figure).toMatch(/\.webp$/);
    expect(saved.variables).toEqual([{ name: 'a', min: 2, max: 9, step: 1 }]);

    const student = await studentPage(browser, workerStudent.email);
    const s = student.page;
    await s.goto(`/platform/${workerTeacher.subdomain}/student/dashboard/quizzes/${quizzes[0]!.lessonId}`);
    await s.getByTestId('start-attempt').click();
    const card = s.getByTestId('question-1');
    await expect(card).toContainText('مربع ضلعه');
    const side = Number(/ضلعه (\d+) سم/.exec((await card.textContent()) ?? '')?.[1]);
    expect(side).toBeGreaterThanOrEqual(2);
    expect(side).toBeLessThanOrEqual(9);
    const figure = card.getByTestId('quiz-figure');
    await expect(figure).toBeVisible();
    await expect.poll(() => figure.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await s.getByLabel('إجابتك').fill(String(side * side));
    await expect(s.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await s.getByTestId('submit-attempt').click();
    await s.getByTestId('confirm-dialog').getByRole('button', { name: 'تسليم' }).click();
    await expect(s.getByTestId('exercise-score-1')).toContainText('1 / 1');
    await expectNoHorizontalOverflow(s);
    await s.screenshot({ path: `${SCREENSHOTS}/quiz-figure-result-ar-375.png`, fullPage: true });
    await student.context.close();
  });
});
