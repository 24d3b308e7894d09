import type { RouteObject } from 'react-router';
import { adminChildRoutes } from '../../src/web/features/admin/routes';
import { expect, test } from '../support/fixtures';
import { signInAs } from '../support/sessions';

/**
 * Every admin screen, read from the admin route module itself, so that a screen added later is
 * covered here without editing this test.
 */
function adminScreens(): string[] {
  const fill = (path: string) => path.replace(':id', '00000000-0000-4000-8000-000000000000').replace(':kind', 'contact').replace('*', 'some/unknown/screen');
  return adminChildRoutes.map((r: RouteObject) => (r.index || !r.path ? '/admin/dashboard' : `/admin/dashboard/${fill(r.path)}`));
}

/** The admin login, remembering the screen (a redirecting screen such as /inbox may name where it leads). */
const loginFor = (path: string) => new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(%2F[\\w%-]*)?$`);

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
    test(`a ${role} is sent to the admin login from every admin screen, and keeps their own session`, async ({ page, workerTeacher, workerStudent }) => {
      const account = role === 'teacher' ? workerTeacher : workerStudent;
      await signInAs(page, account.email);
      for (const path of adminScreens()) {
        await page.goto(path);
        await expect(page, path).toHaveURL(loginFor(path));
        await expect(page.getByTestId('admin-layout')).toHaveCount(0);
      }
      const session = await (await page.request.get('/api/accounts/session')).json();
      expect(session.session?.user.email).toBe(account.email);
    });
  }

  test('a visitor is sent to the admin login too', async ({ page }) => {
    for (const path of adminScreens()) {
      await page.goto(path);
      await expect(page, path).toHaveURL(loginFor(path));
    }
  });
});
