import { submitLogin } from '../support/auth';
import { DEMO, DEMO_PASSWORD, expect, test } from '../support/fixtures';

/*
 * Darsi's CSP has no 'unsafe-eval'. zod used to try `new Function` when it made its first object schema, which
 * the browser refused and reported as a violation on every page of the app (issue 16): violation reports were
 * noise. The app now runs zod without its JIT, so a report means something again.
 */
test('signing in and using forms of the app raises no CSP violation (Arabic)', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) console.push(m.text());
  });
  await page.goto('/login');
  await submitLogin(page, DEMO.teacher.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/(teacher\/)?dashboard/);
  await page.goto('/teacher/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([]);
  expect(console).toEqual([]);
});
