import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, teacherLandingPages } from '@server/core/db/schema';
import { browser, newStudent } from './browser';
import { adminTestApp, bootstrapAdmin, signedInStudent, signedInTeacher } from './admin-fixtures';
import { DRIVER, type TTestApp } from './harness';

/*
 * Issue 11: students see their teacher (name, photo, colours, chosen contact) on the platform's sign-in
 * screens and where they need a card; a suspended teacher learns why; a paused platform refuses new
 * students before the form; registration takes an optional Algerian phone number.
 */
let t: TTestApp;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
beforeAll(async () => {
  t = await adminTestApp();
  admin = await bootstrapAdmin(t);
});
afterAll(async () => {
  await t.close();
});

describe(`a teacher's platform profile on ${DRIVER}`, () => {
  it('shows the name, the main page photo and colours, and only the contact ways the teacher chose', async () => {
    const teacher = await signedInTeacher(t);
    const anyone = browser(t);
    const url = `/api/accounts/platform/${teacher.input.subdomain.toUpperCase()}`;
    const bare = await anyone.json(await anyone.get(url));
    expect(bare).toEqual({
      name: teacher.input.name,
      subdomain: teacher.input.subdomain,
      available: true,
      photo: null,
      colors: null,
      contact: { phone: null, whatsapp: null, email: null },
    });

    await t.database.db.insert(teacherLandingPages).values({
      teacherId: teacher.teacherId,
      title: 'صفحتي',
      isPublished: true,
      isMain: true,
      themeColors: { primary: '#0F766E', secondary: '#f59e0b' },
      aboutMe: { profile_image: '/landing-assets/me.webp' },
    });
    // Numbers in any usual Algerian form are stored as E.164; the e-mail only when the teacher ticks it.
    const saved = await teacher.put('/api/accounts/teacher/contact', { phone: '0555 12 34 56', whatsapp: '+213 661 23 45 67', emailShown: true });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await teacher.json(saved)).toMatchObject({ phone: '+213555123456', whatsapp: '+213661234567', emailShown: true });
    expect(await teacher.json(await teacher.get('/api/accounts/teacher/contact'))).toMatchObject({ phone: '+213555123456', emailShown: true });

    const branded = await anyone.json(await anyone.get(url));
    expect(branded.photo).toBe('/landing-assets/me.webp');
    expect(branded.colors).toEqual({ primary: '#0f766e', secondary: '#f59e0b' });
    expect(branded.contact).toEqual({ phone: '+213555123456', whatsapp: 'https://wa.me/213661234567', email: teacher.input.email });

    await teacher.put('/api/accounts/teacher/contact', { phone: '', whatsapp: '', emailShown: false });
    expect((await anyone.json(await anyone.get(url))).contact).toEqual({ phone: null, whatsapp: null, email: null });
  });

  it('refuses a contact number that is not Algerian, naming the field', async () => {
    const teacher = await signedInTeacher(t);
    const res = await teacher.put('/api/accounts/teacher/contact', { phone: '+33 6 12 34 56 78', emailShown: false });
    expect(res.status).toBe(400);
    const body = await teacher.json(res);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields)).toEqual(['phone']);
  });

  it('answers PLATFORM_NOT_FOUND for an unknown subdomain', async () => {
    const anyone = browser(t);
    const res = await anyone.get('/api/accounts/platform/nobody-here-xyz');
    expect(res.status).toBe(404);
    expect((await anyone.json(res)).error.code).toBe('PLATFORM_NOT_FOUND');
  });
});

describe(`student registration with a phone number on ${DRIVER}`, () => {
  it('stores an optional Algerian number as E.164 and refuses anything else', async () => {
    const teacher = await signedInTeacher(t);
    const withPhone = browser(t);
    const input = { ...newStudent({ platform: teacher.input.subdomain }), phone: '0770 11 22 33' };
    const res = await withPhone.post('/api/accounts/register/student', input);
    expect(res.status, await res.clone().text()).toBe(201);
    const session = await withPhone.session();
    const [row] = await t.database.db
      .select({ phone: students.phone })
      .from(students)
      .where(eq(students.id, session!.user.userId as string));
    expect(row?.phone).toBe('+213770112233');

    const bad = browser(t);
    const refused = await bad.post('/api/accounts/register/student', { ...newStudent(), phone: '12345' });
    expect(refused.status).toBe(400);
    const body = await bad.json(refused);
    expect(body.error.fields).toHaveProperty('phone');

    const without = await signedInStudent(t);
    const [none] = await t.database.db
      .select({ phone: students.phone })
      .from(students)
      .where(eq(students.id, (await without.session())!.user.userId as string));
    expect(none?.phone).toBeNull();
  });
});

describe(`suspension on ${DRIVER}`, () => {
  it("shows the admin's reason to the teacher (after the right password only), closes sign-up, hides the contact, and reactivation clears it", async () => {
    const teacher = await signedInTeacher(t);
    await teacher.put('/api/accounts/teacher/contact', { phone: '0555123456', emailShown: true });
    const reason = 'لم تُسدَّد فاتورة شهر مارس';
    const set = await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'suspended', reason });
    expect(set.status, await set.clone().text()).toBe(200);
    expect((await admin.json(await admin.get(`/api/admin/teachers/${teacher.teacherId}`))).statusReason).toBe(reason);

    const again = browser(t);
    const refused = await again.post('/api/accounts/login', { email: teacher.input.email, password: teacher.input.password });
    expect(refused.status).toBe(403);
    const body = await again.json(refused);
    expect(body.error.code).toBe('TEACHER_INACTIVE');
    expect(body.error.details).toEqual({ status: 'suspended', reason });

    // A wrong password learns nothing about the suspension.
    const stranger = browser(t);
    const wrong = await stranger.json(await stranger.post('/api/accounts/login', { email: teacher.input.email, password: 'not-the-password-1' }));
    expect(wrong.error.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.error.details).toBeUndefined();

    // Students: the platform says it is closed (no contact, no reason) and registration is refused.
    const anyone = browser(t);
    const profile = await anyone.json(await anyone.get(`/api/accounts/platform/${teacher.input.subdomain}`));
    expect(profile.available).toBe(false);
    expect(profile.contact).toEqual({ phone: null, whatsapp: null, email: null });
    expect(JSON.stringify(profile)).not.toContain(reason);
    const student = await anyone.post('/api/accounts/register/student', newStudent({ platform: teacher.input.subdomain }));
    expect(student.status).toBe(403);
    const studentBody = await anyone.json(student);
    expect(studentBody.error.code).toBe('TEACHER_INACTIVE');
    expect(studentBody.error.details).toBeUndefined();

    await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'active' });
    expect((await admin.json(await admin.get(`/api/admin/teachers/${teacher.teacherId}`))).statusReason).toBeNull();
    const back = browser(t);
    expect((await back.post('/api/accounts/login', { email: teacher.input.email, password: teacher.input.password })).status).toBe(200);
  });

  it('records the reason in the audit entry and refuses an over-long one', async () => {
    const teacher = await signedInTeacher(t);
    const tooLong = await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'inactive', reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    await admin.patch(`/api/admin/teachers/${teacher.teacherId}/status`, { status: 'inactive', reason: 'طلب الأستاذ' });
    const detail = await admin.json(await admin.get(`/api/admin/teachers/${teacher.teacherId}`));
    const entry = detail.history.items.find((h: { action: string }) => h.action === 'teacher.status_changed');
    expect(entry.details).toMatchObject({ from: 'active', to: 'inactive', reason: 'طلب الأستاذ' });
  });
});
