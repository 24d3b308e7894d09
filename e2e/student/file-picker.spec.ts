import { expect, test } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

/* The browser's own file control writes "Choose file / No file chosen" in the browser's language: every file field
   shown to people is the shared picker, its button and chosen name in the page's language. */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a message attachment is chosen with a translated, keyboard-reachable button, never the native control (Arabic, 375 px)', async ({
  page,
  workerStudent,
}) => {
  await signInAs(page, workerStudent.email);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/student/dashboard/messages');
  await expectDirection(page, 'ar');

  // The native control is there for assistive technology and tests, but nobody sees its English text.
  const input = page.getByTestId('message-file-input');
  await expect(input).toHaveAttribute('type', 'file');
  expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  const choose = page.getByRole('button', { name: 'اختيار ملف', exact: true });
  await expect(choose).toBeVisible();
  await expect(choose).toHaveAccessibleDescription(/^إرفاق صورة أو ملف PDF لم يُختر أي ملف بعد/);
  await expect(page.getByTestId('message-file-name')).toHaveText('لم يُختر أي ملف بعد');
  // Every file field on the page is hidden the same way.
  for (const field of await page.locator('input[type="file"]').all()) expect((await field.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

  // From the keyboard: the button opens the browser's picker; the chosen name is shown in its own direction.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), choose.press('Enter')]);
  await chooser.setFiles({ name: 'تمرين-٣.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('message-file-name')).toHaveText('تمرين-٣.png');
  await expect(page.getByRole('button', { name: /^اختيار ملف آخر/ })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/file-picker-message-ar-375.png`, fullPage: true });

  await page.getByTestId('message-send').click();
  await expect(page.getByTestId('message-image').first()).toBeVisible();
  await expect(page.getByTestId('message-file-name')).toHaveText('لم يُختر أي ملف بعد');
});
