import sharp from 'sharp';
import { DEMO, expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

const MATHS = 'الرياضيات — الدوال الأسية واللوغاريتمية';

test.describe('paying a course by transfer (Arabic)', () => {
  test('a student sends a CCP receipt, the teacher approves it, and the student opens the course', async ({ page, browser, baseURL }) => {
    const origin = { origin: new URL(baseURL!).origin };
    const account = uniqueAccount('ccp');
    const signUp = await page.request.post('/api/accounts/register/student', {
      data: { name: 'نور الطالبة', email: account.email, password: account.password, platform: 'demo' },
      headers: origin,
    });
    expect(signUp.status(), await signUp.text()).toBe(201);

    // The course page → the checkout choice → the CCP instructions with the exact amount and a reference.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/platform/demo/student/dashboard');
    await expectDirection(page, 'ar');
    const teacherCtx = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
    });
    const teacher = await teacherCtx.newPage();
    await signInAs(teacher, DEMO.teacher.email);
    const { courses } = (await (await teacher.request.get('/api/courses/teacher/courses')).json()) as { courses: Array<{ id: string; title: string }> };
    const courseId = courses.find((c) => c.title === MATHS)!.id;

    await page.goto(`/platform/demo/student/dashboard/courses/${courseId}`);
    await page.getByTestId('buy-plan').first().click();
    await expect(page.getByRole('heading', { name: 'الحصول على الدورة' })).toBeVisible();
    await page.getByTestId('method-ccp').click();
    await page.getByTestId('checkout-continue').click();
    await expect(page.getByTestId('order-status')).toHaveText('بانتظار تحويلك');
    await expect(page.getByTestId('order-amount')).toHaveText('3000');
    await expect(page.getByTestId('pay-ccp')).toHaveText('0012345678');
    await expect(page.getByTestId('pay-ccp-key')).toHaveText('42');
    const reference = (await page.getByTestId('order-reference').textContent())!;
    expect(reference).toMatch(/^DRS-[2-9A-Z]{8}$/);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/transfer-instructions-ar-375.png`, fullPage: true });

    // The receipt, with its preview, then the review state.
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#f6b400' } })
      .png()
      .toBuffer();
    await page.getByTestId('receipt-file').setInputFiles({ name: 'وصل.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('receipt-preview')).toBeVisible();
    await page.getByTestId('receipt-send').click();
    await expect(page.getByTestId('order-status')).toHaveText('الوصل قيد المراجعة');
    await expect(page.getByTestId('order-review')).toBeVisible();

    // The teacher's inbox: the receipt beside its order; approving enrolls the student.
    await teacher.goto('/teacher/receipts');
    await expect(teacher.getByTestId('nav-pending-receipts').first()).toBeVisible();
    const card = teacher.getByTestId('receipt-card').filter({ hasText: reference });
    await expect(card.getByTestId('receipt-image')).toBeVisible();
    await expect(card.getByTestId('receipt-amount')).toHaveText('3.000 دج');
    await card.getByTestId('receipt-approve').click();
    await teacher.getByTestId('confirm-action').click();
    await expect(teacher.getByTestId('receipt-card').filter({ hasText: reference })).toHaveCount(0);
    await teacherCtx.close();

    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('تمّ الدفع');
    await page.getByTestId('open-course').click();
    await expect(page.getByTestId('subscription-status')).toBeVisible();
    await expect(page.getByTestId('continue')).toBeVisible();
  });
});

test.describe('the receipts inbox (French)', () => {
  test('shows the demo receipt waiting for review, with its amount and method, and the approved one', async ({ page }) => {
    await signInAs(page, DEMO.teacher.email);
    await page.goto('/teacher/receipts?lng=fr');
    await expectDirection(page, 'fr');
    await expect(page.getByRole('heading', { name: 'Reçus de virement', level: 1 })).toBeVisible();
    const demo = page.getByTestId('receipt-card').filter({ hasText: 'سارة الطالبة' });
    await expect(demo).toContainText('BaridiMob');
    await expect(demo.getByTestId('receipt-amount')).toHaveText(/3\s?000 DA/);
    await page.getByTestId('tab-approved').click();
    await expect(page.getByTestId('receipt-card').filter({ hasText: 'ياسين مراد' })).toContainText('Accepté');
  });
});
