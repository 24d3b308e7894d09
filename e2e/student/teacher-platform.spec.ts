import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';

/*
 * Issue 11: a teacher's students see whose platform it is (name, colours) on its sign-in and registration
 * screens, register with an optional Algerian phone number, and find the teacher's chosen contact on a
 * locked course ("buy a card from your teacher").
 */

/** A teacher of their own with a published paid course and the contact ways they chose. */
async function teacherWithCourse(request: APIRequestContext, origin: string, name: string) {
  const account = uniqueAccount('brand');
  const headers = { origin };
  expect(
    (
      await request.post('/api/accounts/register/teacher', {
        data: { name, email: account.email, subdomain: account.subdomain, password: account.password },
        headers,
      })
    ).status(),
  ).toBe(201);
  const post = async (url: string, data: unknown) => (await request.post(url, { data, headers })).json();
  const course = await post('/api/courses/teacher/courses', { title: 'الفيزياء', kind: 'regular' });
  const section = await post(`/api/courses/teacher/courses/${course.id}/sections`, { title: 'الوحدة 1' });
  await post(`/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: 'الحركة', type: 'text', bodyHtml: '<p>الحركة</p>' });
  await request.put(`/api/courses/teacher/courses/${course.id}/plans`, { data: { plans: [{ type: 'monthly', priceDzd: 1500 }] }, headers });
  await request.patch(`/api/courses/teacher/courses/${course.id}`, { data: { status: 'published' }, headers });
  const contact = await request.put('/api/accounts/teacher/contact', {
    data: { phone: '0555 12 34 56', whatsapp: '0661 23 45 67', emailShown: false },
    headers,
  });
  expect(contact.status(), await contact.text()).toBe(200);
  await request.post('/api/accounts/logout', { headers });
  return { subdomain: account.subdomain, courseId: course.id as string };
}

async function shots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('Arabic: the platform shows its teacher, takes a phone number, and the locked course says how to reach them', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const { subdomain, courseId } = await teacherWithCourse(page.request, origin, 'الأستاذة سارة');

  await page.goto(`/platform/${subdomain}/login`);
  await expectDirection(page, 'ar');
  await expect(page.getByTestId('platform-teacher-name')).toHaveText('الأستاذة سارة');
  await page.getByRole('link', { name: 'إنشاء حساب جديد' }).click();
  await expect(page).toHaveURL(new RegExp(`/platform/${subdomain}/register$`));
  await expect(page.getByTestId('platform-teacher-name')).toHaveText('الأستاذة سارة');

  const account = uniqueAccount('brand-student');
  await page.getByLabel('الاسم الكامل').fill('طالب تجريبي');
  await page.getByLabel('البريد الإلكتروني').fill(account.email);
  await page.getByLabel('رقم الهاتف (اختياري)').fill('12345');
  await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /إنشاء/ }).click();
  await expect(page.getByTestId('phone-error')).toBeVisible();
  await shots(page, 'student-register-platform-ar');
  await page.getByLabel('رقم الهاتف (اختياري)').fill('0770 11 22 33');
  await page.getByRole('button', { name: /إنشاء/ }).click();
  await expect(page).toHaveURL(new RegExp(`/platform/${subdomain}/student/dashboard`));

  await page.goto(`/platform/${subdomain}/student/dashboard/courses/${courseId}`);
  const contact = page.getByTestId('teacher-contact');
  await expect(contact).toContainText('الأستاذة سارة');
  await expect(page.getByTestId('contact-phone')).toHaveAttribute('href', 'tel:+213555123456');
  await expect(page.getByTestId('contact-whatsapp')).toHaveAttribute('href', 'https://wa.me/213661234567');
  await expect(page.getByTestId('contact-email')).toHaveCount(0);
  await shots(page, 'student-locked-course-contact-ar');
});

test('English: the teacher chooses their contact ways in their profile', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const account = uniqueAccount('contact-en');
  expect(
    (
      await page.request.post('/api/accounts/register/teacher', {
        data: { name: 'Sara Teacher', email: account.email, subdomain: account.subdomain, password: account.password },
        headers: { origin },
      })
    ).status(),
  ).toBe(201);
  await page.goto('/teacher/profile?lng=en');
  await expectDirection(page, 'en');
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Phone number').fill('+33 6 12 34 56 78');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a valid phone number, e.g. +213 555 12 34 56')).toBeVisible();
  await form.getByLabel('Phone number').fill('0555 12 34 56');
  await form.getByLabel(/Show my e-mail address/).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact details saved')).toBeVisible();
  await expect(form.getByLabel('Phone number')).toHaveValue('+213555123456');
  await shots(page, 'teacher-profile-contact-en');
  const profile = await (await page.request.get(`/api/accounts/platform/${account.subdomain}`)).json();
  expect(profile.contact).toEqual({ phone: '+213555123456', whatsapp: null, email: account.email });
});
