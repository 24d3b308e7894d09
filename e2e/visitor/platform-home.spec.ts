import type { Page } from '@playwright/test';
import { ORIGIN, registerTeacherViaApi } from '../support/auth';
import { expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { onSubdomain } from '../landing/support';

async function call(page: Page, method: 'post' | 'put' | 'patch', url: string, data: unknown) {
  const res = await page.request[method](url, { data, headers: { origin: ORIGIN } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

/** A published course with one lesson and the given plans. */
async function course(page: Page, title: string, kind: 'organized' | 'scheduled' | 'regular', plans: Array<Record<string, unknown>>) {
  const created = await call(page, 'post', '/api/courses/teacher/courses', { title, kind, description: `وصف ${title}` });
  const section = await call(page, 'post', `/api/courses/teacher/courses/${created.id}/sections`, { title: 'الفصل الأول' });
  await call(page, 'post', `/api/courses/teacher/courses/${created.id}/lessons`, {
    sectionId: section.id,
    title: 'الدرس 1',
    type: 'text',
    bodyHtml: '<p>مقدمة</p>',
  });
  await call(page, 'put', `/api/courses/teacher/courses/${created.id}/plans`, { plans });
  await call(page, 'patch', `/api/courses/teacher/courses/${created.id}`, { status: 'published' });
}

test.describe('a teacher’s platform home (Arabic, RTL)', () => {
  test('a new teacher’s link shows their courses and the way in, with search and filters', async ({ page, browser }) => {
    const teacher = uniqueAccount('home');
    await registerTeacherViaApi(page, teacher, 'الأستاذة سارة');
    await course(page, 'الرياضيات للباكالوريا', 'organized', [
      { type: 'monthly', priceDzd: 2500 },
      { type: 'yearly', priceDzd: 20000 },
    ]);
    await course(page, 'دروس مجانية في الفيزياء', 'regular', [{ type: 'free', priceDzd: 0 }]);
    for (let i = 1; i <= 5; i += 1) await course(page, `حصة مراجعة ${i}`, 'scheduled', [{ type: 'monthly', priceDzd: 1000 + i * 100 }]);

    // A visitor, without the teacher's session, on the link the dashboard tells the teacher to share.
    const context = await browser.newContext({ locale: 'ar' });
    const visitor = await context.newPage();
    await visitor.setViewportSize({ width: 375, height: 812 });
    await visitor.goto(onSubdomain(teacher.subdomain));
    await expectDirection(visitor, 'ar');
    await expect(visitor.getByTestId('platform-name')).toHaveText('الأستاذة سارة');
    await expect(visitor.getByTestId('platform-course-count')).toHaveText('7 دورات منشورة');
    await expect(visitor.getByTestId('course-card')).toHaveCount(7);
    const maths = visitor.getByTestId('course-card').filter({ hasText: 'الرياضيات للباكالوريا' });
    await expect(maths.getByTestId('course-plans')).toContainText('شهري2.500 دج');
    await expect(visitor.getByTestId('course-free')).toHaveCount(1);
    await expectNoHorizontalOverflow(visitor);
    await visitor.screenshot({ path: `${SCREENSHOTS}/platform-home-ar-375.png`, fullPage: true });

    // Filter by kind, then search, without any script of ours needed.
    await visitor.getByTestId('platform-kind').selectOption('scheduled');
    await visitor.getByTestId('platform-filter-submit').click();
    await expect(visitor.getByTestId('course-card')).toHaveCount(5);
    await visitor.getByTestId('platform-search').fill('مراجعة 3');
    await visitor.getByTestId('platform-filter-submit').click();
    await expect(visitor.getByTestId('course-card')).toHaveCount(1);
    await expect(visitor.getByTestId('course-card')).toContainText('حصة مراجعة 3');

    await visitor.setViewportSize({ width: 1280, height: 900 });
    await visitor.goto(onSubdomain(teacher.subdomain));
    await expectNoHorizontalOverflow(visitor);
    await visitor.screenshot({ path: `${SCREENSHOTS}/platform-home-ar-1280.png`, fullPage: true });

    // Sign-up is the teacher's platform registration.
    await visitor.getByTestId('platform-register').click();
    await expect(visitor).toHaveURL(onSubdomain(teacher.subdomain, '/register'));
    await expect(visitor.locator('#email')).toBeVisible();
    await context.close();
  });

  test('the platform home in French on the main domain, where the §2.5 redirects land', async ({ page, browser }) => {
    const teacher = uniqueAccount('homefr');
    await registerTeacherViaApi(page, teacher, 'Mme Sarah');
    await course(page, 'Physique — terminale', 'organized', [{ type: 'monthly', priceDzd: 3000 }]);
    const context = await browser.newContext({ locale: 'fr' });
    const visitor = await context.newPage();
    await visitor.setViewportSize({ width: 375, height: 812 });
    await visitor.goto(`/teacher/${teacher.subdomain}?lng=fr`);
    await expect(visitor).toHaveURL(new RegExp(`/platform/${teacher.subdomain}$`));
    await expectDirection(visitor, 'fr');
    await expect(visitor.getByTestId('platform-name')).toHaveText('Mme Sarah');
    await expect(visitor.getByTestId('platform-course-count')).toHaveText('1 cours publié');
    await expect(visitor.getByTestId('course-plans')).toContainText(/Mensuel3\s000 DA/);
    await expect(visitor.getByTestId('platform-login')).toHaveAttribute('href', `/platform/${teacher.subdomain}/login`);
    await expectNoHorizontalOverflow(visitor);
    await visitor.screenshot({ path: `${SCREENSHOTS}/platform-home-fr-375.png`, fullPage: true });
    await context.close();
  });
});
