import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { ORIGIN, registerTeacherViaApi } from '../support/auth';
import { DEMO, expect, test, uniqueAccount } from '../support/fixtures';
import { expectDirection, expectNoHorizontalOverflow, SCREENSHOTS } from '../support/page-checks';
import { signInAs } from '../support/sessions';

const headers = { origin: ORIGIN };
const randomIp = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/**
 * A stand-in for Jitsi's IFrame API (the e2e server is configured with JITSI_DOMAIN=meet.darsi.test): it
 * records the options it was built with and the commands it got, draws a box in the parent node, and fires
 * videoConferenceJoined as the real one does once in the meeting.
 */
const FAKE_EXTERNAL_API = `
window.__jitsi = [];
window.JitsiMeetExternalAPI = function (domain, options) {
  var listeners = {};
  var record = { domain: domain, roomName: options.roomName, jwt: options.jwt, hasParent: !!options.parentNode, commands: [], disposed: false };
  window.__jitsi.push(record);
  var box = document.createElement('div');
  box.setAttribute('data-testid', 'fake-meeting');
  box.style.height = '100%';
  box.style.background = '#1f2937';
  options.parentNode.appendChild(box);
  this.addListener = function (name, fn) { (listeners[name] = listeners[name] || []).push(fn); };
  this.executeCommand = function () { record.commands.push(Array.prototype.slice.call(arguments)); };
  this.dispose = function () { record.disposed = true; box.remove(); };
  // After the caller's addListener calls (a microtask: the page's clock is faked in one test).
  Promise.resolve().then(function () { (listeners.videoConferenceJoined || []).forEach(function (fn) { fn({ roomName: options.roomName }); }); });
};`;

async function fakeJitsi(page: Page) {
  await page.route('https://meet.darsi.test/external_api.js', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_EXTERNAL_API }));
}

type TRecord = { domain: string; roomName: string; jwt: string; hasParent: boolean; commands: unknown[][]; disposed: boolean };
const records = (page: Page) => page.evaluate(() => (window as unknown as { __jitsi: TRecord[] }).__jitsi);

/** "2026-12-01T18:05": now + `minutes` on the Algiers clock, as a datetime-local field takes it. */
function algiersLocal(minutes: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Algiers',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A teacher with a published course and one subscribed student (registered on the teacher's platform). */
async function classWithStudent(page: Page, request: APIRequestContext) {
  const account = uniqueAccount('live');
  await registerTeacherViaApi(page, account, 'أستاذة نوال');
  const post = async (url: string, data: unknown, method: 'post' | 'put' | 'patch' = 'post') => {
    const res = await page.request[method](url, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as unknown;
  };
  const course = await post('/api/courses/teacher/courses', { title: 'فيزياء الباكالوريا', kind: 'organized', description: '' });
  const courseId = (course as { id: string }).id;
  const section = (await post(`/api/courses/teacher/courses/${courseId}/sections`, { title: 'الوحدة الأولى' })) as { id: string };
  await post(`/api/courses/teacher/courses/${courseId}/lessons`, { sectionId: section.id, title: 'الدرس الأول', type: 'text', bodyHtml: '<p>مرحبا</p>' });
  const plans = (await post(`/api/courses/teacher/courses/${courseId}/plans`, { plans: [{ type: 'monthly', priceDzd: 2500 }] }, 'put')) as {
    plans: Array<{ id: string }>;
  };
  await post(`/api/courses/teacher/courses/${courseId}`, { status: 'published' }, 'patch');
  const student = uniqueAccount('live-student');
  // Signed up from its own client: the page keeps the teacher's session.
  const signUp = await request.post('/api/accounts/register/student', {
    data: { name: 'يوسف الطالب', email: student.email, password: student.password, platform: account.subdomain },
    headers,
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const found = (await (await page.request.get(`/api/subscriptions/teacher/students?q=${encodeURIComponent(student.email)}`)).json()) as {
    rows: Array<{ studentId: string }>;
  };
  await post('/api/subscriptions/teacher/enrollments', { studentId: found.rows[0]!.studentId, courseId, planId: plans.plans[0]!.id });
  return { student };
}

/** A browser of the student: its own context (cookies, tab storage), as a second device would be. */
async function studentDevice(browser: Browser, student: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'ar', extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
  const page = await context.newPage();
  await signInAs(page, student.email);
  await fakeJitsi(page);
  return { context, page };
}

test.describe('live sessions (Arabic)', () => {
  test('the teacher schedules, the student joins from My Subscriptions, and a second device takes over', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const { student } = await classWithStudent(page, request);

    // The teacher schedules a session starting in 5 minutes, embedded (no link).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/teacher/live-sessions');
    await expectDirection(page, 'ar');
    await expect(page.getByTestId('provider-mode')).toHaveAttribute('data-mode', 'jitsi');
    await page.getByTestId('schedule').click();
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('session-form')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/live-schedule-form-ar-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('session-title').fill('حصة مراجعة: الكهرباء');
    await page.getByTestId('session-start').fill(algiersLocal(5));
    await page.getByTestId('session-duration').fill('60');
    await page.getByTestId('session-save').click();
    await expect(page).toHaveURL(/\/teacher\/live-sessions\/[0-9a-f-]{36}$/);
    const sessionId = page.url().split('/').at(-1)!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('حصة مراجعة: الكهرباء');
    await expect(page.getByTestId('person')).toHaveCount(1);
    await expect(page.getByTestId('person')).toContainText('يوسف الطالب');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/live-session-teacher-ar-1280.png`, fullPage: true });
    await page.goto('/teacher/live-sessions');
    await expect(page.getByTestId('session-row')).toContainText('حصة مراجعة: الكهرباء');
    await page.screenshot({ path: `${SCREENSHOTS}/live-sessions-teacher-ar-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/live-sessions-teacher-ar-375.png`, fullPage: true });

    // The student sees it on My Subscriptions, with its countdown; the join button is open (10 minutes before).
    const first = await studentDevice(browser, student);
    await first.page.clock.install();
    await first.page.setViewportSize({ width: 375, height: 812 });
    await first.page.goto('/student/dashboard/subscriptions');
    const row = first.page.getByTestId('live-session');
    await expect(row).toContainText('حصة مراجعة: الكهرباء');
    await expect(row.getByTestId('live-countdown')).toBeVisible();
    await expectNoHorizontalOverflow(first.page);
    await first.page.getByTestId('live-card').screenshot({ path: `${SCREENSHOTS}/live-card-student-ar-375.png` });
    await row.getByTestId('live-join').click();
    await expect(first.page).toHaveURL(new RegExp(`/student/dashboard/live/${sessionId}$`));
    await first.page.getByTestId('join').click();
    await expect(first.page.getByTestId('call-state')).toHaveText('أنت في الحصة.');
    const [made] = await records(first.page);
    expect(made).toMatchObject({ domain: 'meet.darsi.test', roomName: `darsi-${sessionId}`, hasParent: true });
    expect(made!.jwt.split('.')).toHaveLength(3);
    await expectNoHorizontalOverflow(first.page);
    await first.page.screenshot({ path: `${SCREENSHOTS}/live-room-student-ar-375.png`, fullPage: true });

    // The same student on a second device: it takes over, and the first one is hung up at its next heartbeat.
    const second = await studentDevice(browser, student);
    await second.page.setViewportSize({ width: 1280, height: 900 });
    await second.page.goto(`/student/dashboard/live/${sessionId}`);
    await second.page.getByTestId('join').click();
    await expect(second.page.getByTestId('call-state')).toHaveText('أنت في الحصة.');
    await second.page.screenshot({ path: `${SCREENSHOTS}/live-room-student-ar-1280.png`, fullPage: true });
    await first.page.clock.fastForward('00:20');
    await expect(first.page.getByTestId('device-replaced')).toBeVisible();
    await expect(first.page.getByTestId('device-replaced')).toContainText('انضممت إلى هذه الحصة من جهاز آخر');
    expect((await records(first.page))[0]!.disposed).toBe(true);
    await first.page.screenshot({ path: `${SCREENSHOTS}/live-room-replaced-ar-375.png`, fullPage: true });

    // The teacher sees who is in the session.
    await page.goto(`/teacher/live-sessions/${sessionId}`);
    await expect(page.getByTestId('person')).toHaveAttribute('data-attended', 'true');
    await first.context.close();
    await second.context.close();
  });
});

test.describe('live sessions (English)', () => {
  test('the demo student sees the coming session with its countdown; the join page waits for the opening', async ({ page }) => {
    await signInAs(page, DEMO.student.email);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/student/dashboard/subscriptions?lng=en');
    await expectDirection(page, 'en');
    const row = page.getByTestId('live-session').first();
    await expect(row).toContainText('حصة مراجعة مباشرة: الدوال الأسية');
    await expect(row.getByTestId('live-countdown')).toContainText('Starts in');
    await expectNoHorizontalOverflow(page);
    await page.getByTestId('live-card').screenshot({ path: `${SCREENSHOTS}/live-card-student-en-1280.png` });
    await row.getByTestId('live-details').click();
    await expect(page.getByTestId('countdown')).toContainText('Opens in');
    await expect(page.getByTestId('join')).toBeDisabled();
    await expect(page.getByText('You can be in the session from one device at a time')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/live-room-waiting-en-375.png`, fullPage: true });
  });

  test('the demo teacher sees the week calendar and last week’s attendance', async ({ page }) => {
    await signInAs(page, DEMO.teacher.email);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/teacher/live-sessions?lng=en&view=week');
    await expect(page.getByTestId('week-day')).toHaveCount(7);
    await page.screenshot({ path: `${SCREENSHOTS}/live-week-teacher-en-1280.png`, fullPage: true });
    await page.getByTestId('view-past').click();
    await page.getByTestId('session-details').first().click();
    // Other tests' students subscribe to the demo course too: the demo student is the one who came.
    await expect(page.getByTestId('person').filter({ hasText: 'سارة الطالبة' })).toHaveAttribute('data-attended', 'true');
    await expect(page.getByTestId('attendance')).toContainText('79 minutes');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SCREENSHOTS}/live-attendance-teacher-en-375.png`, fullPage: true });
    // The demo teacher is on the Academy plan: groups are open.
    await page.goto('/teacher/live-sessions?lng=en&tab=groups');
    await expect(page.getByTestId('group-name')).toBeVisible();
    await expect(page.getByTestId('groups-locked')).toHaveCount(0);
  });

  test('a teacher on the Independent plan is shown the way to upgrade for groups', async ({ page, workerTeacher }) => {
    await signInAs(page, workerTeacher.email);
    await page.goto('/teacher/live-sessions?lng=en&tab=groups');
    await expect(page.getByTestId('groups-locked')).toContainText('Upgrade to the Academy plan');
  });
});
