import type { Page } from '@playwright/test';
import type { RouteObject } from 'react-router';
import { adminChildRoutes } from '../../src/web/features/admin/routes';
import { ORIGIN } from '../support/auth';
import { DEMO, DEMO_PASSWORD, expect, test } from '../support/fixtures';

/**
 * Every admin screen, read from the admin route module itself, so that a screen added later is
 * covered here without editing this test.
 */
function adminScreens(): string[] {
  const fill = (path: string) =>
    path
      .replace(':id', '00000000-0000-4000-8000-000000000000')
      .replace(':kind', 'contact')
      .replace('*', 'some/unknown/screen');
  return adminChildRoutes.map((r: RouteObject) => (r.index || !r.path ? '/admin/dashboard' : `/admin/dashboard/${fill(r.path)}`));
}

/** The admin login, remembering the screen (a redirecting screen such as /inbox may name where it leads). */
const loginFor = (path: string) => new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(%2F[\\w%-]*)?$`);

async function login(page: Page, email: string) {
  const res = await page.request.post('/api/account/login', { data: { email, password: DEMO_PASSWORD }, headers: { origin: ORIGIN } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('admin screens refuse teachers and students', () => {
  test('the enumeration finds every section', () => {
    expect(adminScreens()).toEqual(
      expect.arrayContaining([
        '/admin/dashboard',
        '/admin/dashboard/teachers',
        '/admin/dashboard/teachers/00000000-0000-4000-8000-000000000000',
        '/admin/dashboard/inbox/contact',
        '/admin/dashboard/admins',
        '/admin/dashboard/audit',
      ]),
    );
  });

  for (const role of ['teacher', 'student'] as const) {
    test(`a ${role} is sent to the admin login from every admin screen, and keeps their own session`, async ({ page }) => {
      await login(page, DEMO[role].email);
      for (const path of adminScreens()) {
        await page.goto(path);
        await expect(page, path).toHaveURL(loginFor(path));
        await expect(page.getByTestId('admin-layout')).toHaveCount(0);
      }
      const session = await (await page.request.get('/api/account/session')).json();
      expect(session.session?.user.email).toBe(DEMO[role].email);
    });
  }

  test('a visitor is sent to the admin login too', async ({ page }) => {
    for (const path of adminScreens()) {
      await page.goto(path);
      await expect(page, path).toHaveURL(loginFor(path));
    }
  });
});
