import { DEMO, DEMO_PASSWORD, expect, test, uniqueAccount } from '../support/fixtures';
import { submitLogin } from '../support/auth';

const PORT = process.env.E2E_PORT ?? 4173;
const DEMO_HOST = `http://${DEMO.teacher.subdomain}.localhost:${PORT}`;

test.describe("sign-up and login on a teacher's own host", () => {
  test('/register there is the student sign-up of that platform, in Arabic', async ({ page }) => {
    const account = uniqueAccount('hoststudent');
    await page.goto(`${DEMO_HOST}/register`);
    await expect(page.locator('html')).toHaveAttribute('data-platform', DEMO.teacher.subdomain);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // No subdomain field: this is not the teacher sign-up.
    await expect(page.getByLabel('النطاق الفرعي لمنصتك')).toHaveCount(0);
    await page.locator('#name').fill('طالبة جديدة');
    await page.locator('#email').fill(account.email);
    await page.locator('#password').fill(account.password);
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(`${DEMO_HOST}/student/dashboard`);
    await expect(page.getByText(DEMO.teacher.subdomain).first()).toBeVisible();
  });

  test('/login there signs a student into that platform', async ({ page }) => {
    await page.goto(`${DEMO_HOST}/login`);
    await submitLogin(page, DEMO.student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(`${DEMO_HOST}/student/dashboard`);
  });
});
