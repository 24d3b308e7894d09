import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, landingContactRequests, teacherLandingPages } from '@server/core/db/schema';
import { browser } from './browser';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { createPage, editable, publish, savePage, signedInTeacher, type TTeacherClient } from './landing-helpers';

let t: TTestApp;
let a: TTeacherClient;
let b: TTeacherClient;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  a = await signedInTeacher(t);
  b = await signedInTeacher(t);
});
afterAll(async () => {
  await t.close();
});

const body = async (res: Response) => (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe(`landing pages API on ${DRIVER}`, () => {
  it('creates a page from the starter content in the teacher language, with every section and defaults', async () => {
    const page = await createPage(a, 'أكاديمية الرياضيات');
    expect(page).toMatchObject({ title: 'أكاديمية الرياضيات', is_published: false, is_main: false, custom_slug: null, views_count: 0 });
    expect(page.sections_config.order).toEqual([
      'hero',
      'features',
      'about-me',
      'course-content',
      'pricing',
      'testimonials',
      'faq',
      'contact-actions',
      'contact-form',
    ]);
    expect(page.features.length).toBeGreaterThan(0);
    expect(page.faq.length).toBeGreaterThan(0);
    expect(page.theme_colors).toEqual({ primary: '#2563eb', secondary: '#0f766e' });
    expect(page.teacher).toEqual({ subdomain: a.subdomain });
    const fr = await body(await a.b.post('/api/landing/pages?lng=fr', { title: 'Cours', template: 'starter' }));
    expect(fr.page.hero_cta.label).toBe('Inscrivez-vous');
    const blank = await createPage(a, 'فارغة', 'blank');
    expect(blank.features).toEqual([]);
  });

  it('lists, reads, saves, duplicates and deletes the teacher own pages', async () => {
    const page = await createPage(a, 'صفحة للتعديل');
    const saved = await savePage(a, page.id, { ...editable(page), title: 'عنوان جديد', subtitle: 'وصف قصير', custom_slug: 'My-Course' });
    expect(saved.status).toBe(200);
    const after = (await body(saved)).page;
    expect(after).toMatchObject({ title: 'عنوان جديد', subtitle: 'وصف قصير', custom_slug: 'My-Course' });
    expect(new Date(after.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(page.updated_at).getTime());

    const read = await body(await a.b.get(`/api/landing/pages/${page.id}`));
    expect(read.page.subtitle).toBe('وصف قصير');

    const copy = await a.b.post(`/api/landing/pages/${page.id}/duplicate`);
    expect(copy.status).toBe(201);
    const copied = (await body(copy)).page;
    expect(copied).toMatchObject({ title: 'عنوان جديد (نسخة)', is_published: false, is_main: false, custom_slug: null, subtitle: 'وصف قصير' });

    const list = (await body(await a.b.get('/api/landing/pages'))).pages as Array<{ id: string; slug: string }>;
    expect(list.map((p) => p.id)).toEqual(expect.arrayContaining([page.id, copied.id]));
    expect(list.find((p) => p.id === page.id)?.slug).toBe('My-Course');

    expect((await a.b.delete(`/api/landing/pages/${copied.id}`)).status).toBe(200);
    expect((await a.b.get(`/api/landing/pages/${copied.id}`)).status).toBe(404);
  });

  it("never lets teacher B read, edit, publish, duplicate, delete or make main teacher A's page", async () => {
    const page = await createPage(a, 'صفحة أ الخاصة');
    const id = page.id as string;
    const attempts = [
      () => b.b.get(`/api/landing/pages/${id}`),
      () => savePage(b, id, { ...editable(page), title: 'اختراق' }),
      () => b.b.post(`/api/landing/pages/${id}/publish`),
      () => b.b.post(`/api/landing/pages/${id}/unpublish`),
      () => b.b.post(`/api/landing/pages/${id}/main`),
      () => b.b.post(`/api/landing/pages/${id}/duplicate`),
      () => b.b.delete(`/api/landing/pages/${id}`),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(404);
      expect((await body(res)).error.code).toBe('LANDING_PAGE_NOT_FOUND');
    }
    const listed = (await body(await b.b.get('/api/landing/pages'))).pages as Array<{ id: string }>;
    expect(listed.map((p) => p.id)).not.toContain(id);
    const [row] = await t.database.db.select().from(teacherLandingPages).where(eq(teacherLandingPages.id, id));
    expect(row).toMatchObject({ title: 'صفحة أ الخاصة', isPublished: false });
  });

  it('refuses anonymous callers and students', async () => {
    const anonymous = browser(t);
    expect((await anonymous.get('/api/landing/pages')).status).toBe(401);
    expect((await anonymous.post('/api/landing/pages', { title: 'x' })).status).toBe(401);
  });

  it('keeps one main page per teacher: the first published becomes main, unpublishing hands it over', async () => {
    const c = await signedInTeacher(t);
    const first = await createPage(c, 'الأولى');
    const second = await createPage(c, 'الثانية');
    expect((await c.b.post(`/api/landing/pages/${second.id}/main`)).status).toBe(409);
    expect((await publish(c, first.id)).is_main).toBe(true);
    expect((await publish(c, second.id)).is_main).toBe(false);
    const moved = await body(await c.b.post(`/api/landing/pages/${second.id}/main`));
    expect(moved.page.is_main).toBe(true);
    const mains = await t.database.db
      .select()
      .from(teacherLandingPages)
      .where(and(eq(teacherLandingPages.teacherId, c.teacherId), eq(teacherLandingPages.isMain, true)));
    expect(mains.map((m) => m.id)).toEqual([second.id]);
    // Unpublishing the main page makes the remaining published page main.
    const unpublished = await body(await c.b.post(`/api/landing/pages/${second.id}/unpublish`));
    expect(unpublished.page).toMatchObject({ is_published: false, is_main: false });
    expect((await body(await c.b.get(`/api/landing/pages/${first.id}`))).page.is_main).toBe(true);
  });

  it('audits publishing and unpublishing', async () => {
    const page = await createPage(a, 'صفحة للنشر');
    await publish(a, page.id);
    await a.b.post(`/api/landing/pages/${page.id}/unpublish`);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, page.id));
    expect(rows.map((r) => r.action)).toEqual(['landing.published', 'landing.unpublished']);
    expect(rows[0]).toMatchObject({ actorRole: 'teacher', teacherId: a.teacherId, targetType: 'landing_page' });
  });

  it('keeps custom slugs unique per teacher whatever their case, but not across teachers', async () => {
    const one = await createPage(a, 'صفحة 1');
    const two = await createPage(a, 'صفحة 2');
    expect((await savePage(a, one.id, { ...editable(one), custom_slug: 'Math-Bac' })).status).toBe(200);
    const clash = await savePage(a, two.id, { ...editable(two), custom_slug: 'math-bac' });
    expect(clash.status).toBe(409);
    expect((await body(clash)).error).toMatchObject({
      code: 'LANDING_SLUG_TAKEN',
      message: 'هذا الرابط المخصص مستخدم في صفحة أخرى من صفحاتك. يُرجى اختيار رابط آخر.',
    });
    const other = await createPage(b, 'صفحة ب');
    expect((await savePage(b, other.id, { ...editable(other), custom_slug: 'math-bac' })).status).toBe(200);
    const reserved = await savePage(a, two.id, { ...editable(two), custom_slug: 'student' });
    expect(reserved.status).toBe(400);
    expect((await body(reserved)).error.fields.custom_slug).toBe('هذا الرابط محجوز للمنصة. يُرجى اختيار رابط آخر');
  });

  it('answers a malformed id with the 22P02 message', async () => {
    for (const path of ['/api/landing/pages/not-a-uuid', '/api/landing/pages/123']) {
      const res = await a.b.get(path);
      expect(res.status).toBe(400);
      expect((await body(res)).error).toMatchObject({ code: 'LANDING_INVALID_ID', message: 'معرف الصفحة غير صالح' });
    }
  });
});

describe(`landing page validation on ${DRIVER}`, () => {
  let page: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  beforeAll(async () => {
    page = await createPage(a, 'صفحة التحقق');
  });

  it('refuses javascript: and data: URLs in navbar items, CTA links and images, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ navbar_items: [{ id: 'x', label: 'x', url: 'javascript:alert(1)', isVisible: true, isExternal: false }] }, 'navbar_items.0.url'],
      [{ navbar_items: [{ id: 'x', label: 'x', url: ' JaVaScRiPt:alert(1)', isVisible: true, isExternal: true }] }, 'navbar_items.0.url'],
      [{ navbar_items: [{ id: 'x', label: 'x', url: 'java\tscript:alert(1)', isVisible: true, isExternal: true }] }, 'navbar_items.0.url'],
      [{ hero_cta: { label: 'x', url: 'data:text/html,<script>alert(1)</script>' } }, 'hero_cta.url'],
      [{ hero_cta: { label: 'x', url: 'vbscript:msgbox(1)' } }, 'hero_cta.url'],
      [{ hero_cta: { label: 'x', url: '//evil.example/x' } }, 'hero_cta.url'],
      [{ hero_image_url: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'hero_image_url'],
      [{ logo_url: 'javascript:alert(1)' }, 'logo_url'],
      // Plain http images would be mixed content on an https page: https or our own uploads only.
      [{ hero_image_url: 'http://cdn.example.test/hero.png' }, 'hero_image_url'],
      [{ about_me: { profile_image: 'https://x.test/a.png" onerror="alert(1)' } }, 'about_me.profile_image'],
      [{ contact_actions: [{ id: 'f', type: 'facebook', value: 'javascript:alert(1)' }] }, 'contact_actions.0.value'],
      [{ pricing: [{ id: 'p', name: 'x', price: '1', ctaUrl: 'javascript:alert(1)' }] }, 'pricing.0.ctaUrl'],
      [{ theme_colors: { primary: 'red;background:url(javascript:alert(1))', secondary: '#000000' } }, 'theme_colors.primary'],
      [{ hero_background: { type: 'image', imageUrl: 'javascript:alert(1)' } }, 'hero_background.imageUrl'],
    ];
    for (const [change, field] of cases) {
      const res = await savePage(a, page.id, { ...editable(page), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      const error = (await body(res)).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields), JSON.stringify(change)).toContain(field);
    }
  });

  it('accepts tracking pixels only as provider and ID', async () => {
    const ok = await savePage(a, page.id, {
      ...editable(page),
      tracking_pixels: [
        { provider: 'meta', id: '123456789012345' },
        { provider: 'google', id: 'G-ABC123XYZ' },
        { provider: 'tiktok', id: 'C4ABCDEF1234567890' },
      ],
    });
    expect(ok.status).toBe(200);
    for (const pixel of [
      { provider: 'meta', id: '<script>alert(1)</script>' },
      { provider: 'google', id: "G-1'></script>" },
      { provider: 'custom', id: '1' },
      { provider: 'meta', id: '123', script: 'alert(1)' },
    ]) {
      const res = await savePage(a, page.id, { ...editable(page), tracking_pixels: [pixel] });
      if ('script' in pixel) {
        // Unknown keys are dropped: nothing but provider and id is ever stored.
        const [row] = await t.database.db.select().from(teacherLandingPages).where(eq(teacherLandingPages.id, page.id));
        expect(JSON.stringify(row!.trackingPixels)).not.toContain('alert');
        continue;
      }
      expect(res.status, JSON.stringify(pixel)).toBe(400);
    }
  });

  it('accepts course_content and meta_data as JSON strings, and falls back to empty for unreadable ones', async () => {
    const asStrings = await savePage(a, page.id, {
      ...editable(page),
      course_content: JSON.stringify([{ id: 'm1', title: 'الوحدة 1' }]),
      meta_data: JSON.stringify({ title: 'عنوان SEO', robots: 'noindex,follow' }),
    });
    expect(asStrings.status).toBe(200);
    const saved = (await body(asStrings)).page;
    expect(saved.course_content).toEqual([{ id: 'm1', title: 'الوحدة 1' }]);
    expect(saved.meta_data).toEqual({ title: 'عنوان SEO', robots: 'noindex,follow' });
    const broken = await savePage(a, page.id, { ...editable(page), course_content: '[{not json', meta_data: '{oops' });
    expect(broken.status).toBe(200);
    expect((await body(broken)).page).toMatchObject({ course_content: [], meta_data: {} });
  });

  it('falls back per field when a stored JSON column is unreadable', async () => {
    await t.database.db
      .update(teacherLandingPages)
      .set({ courseContent: '"[broken' as unknown as object, metaData: 'not json' as unknown as object, faq: [{ question: 'no id' }] })
      .where(eq(teacherLandingPages.id, page.id));
    const read = (await body(await a.b.get(`/api/landing/pages/${page.id}`))).page;
    expect(read.course_content).toEqual([]);
    expect(read.meta_data).toEqual({});
    expect(read.faq).toEqual([]);
  });

  it('refuses more than 200 FAQ items with a clear message', async () => {
    const faq = Array.from({ length: 201 }, (_, i) => ({ id: `q${i}`, question: `سؤال ${i}`, answer: 'جواب' }));
    const res = await savePage(a, page.id, { ...editable(page), faq });
    expect(res.status).toBe(400);
    expect((await body(res)).error.fields.faq).toBe('لا يمكن أن تتجاوز الأسئلة الشائعة 200 سؤال');
    expect((await savePage(a, page.id, { ...editable(page), faq: faq.slice(0, 200) })).status).toBe(200);
  });

  it('refuses a page over 2 MB with a clear message', async () => {
    const answer = 'ج'.repeat(9_000);
    const faq = Array.from({ length: 200 }, (_, i) => ({ id: `q${i}`, question: `سؤال ${i}`, answer }));
    const testimonials = Array.from({ length: 100 }, (_, i) => ({ id: `t${i}`, name: 'طالب', text: 'ن'.repeat(1_900) }));
    const res = await savePage(a, page.id, { ...editable(page), faq, testimonials });
    expect(res.status).toBe(413);
    expect((await body(res)).error).toMatchObject({
      code: 'LANDING_PAGE_TOO_LARGE',
      message: 'الصفحة كبيرة جداً: يجب ألا يتجاوز حجمها 2 ميغابايت. يُرجى حذف بعض المحتوى أو الصور المضمّنة ثم الحفظ من جديد.',
    });
  });
});

describe(`contact requests and views on ${DRIVER}`, () => {
  let pageId: string;
  beforeAll(async () => {
    const page = await createPage(a, 'صفحة التواصل');
    pageId = page.id;
    await publish(a, pageId);
  });

  const message = { name: 'ياسين', email: 'yacine@example.test', phone: '+213 555 00 11 22', subject: 'استفسار', message: 'متى تبدأ الدورة؟' };

  it('stores a contact request for the page teacher, who lists it and marks it handled', async () => {
    const visitor = browser(t);
    const res = await visitor.post(`http://${a.host}/api/landing/public/pages/${pageId}/contact`, message);
    expect(res.status).toBe(201);
    const list = (await body(await a.b.get('/api/landing/contact-requests'))).requests as Array<Record<string, unknown>>;
    const found = list.find((r) => r.subject === 'استفسار');
    expect(found).toMatchObject({ name: 'ياسين', email: 'yacine@example.test', page_title: 'صفحة التواصل', handled: false });
    expect((await a.b.patch(`/api/landing/contact-requests/${found!.id}`, { handled: true })).status).toBe(200);
    const open = (await body(await a.b.get('/api/landing/contact-requests?filter=open'))).requests as Array<{ id: string }>;
    expect(open.map((r) => r.id)).not.toContain(found!.id);
    const handled = (await body(await a.b.get('/api/landing/contact-requests?filter=handled'))).requests as Array<{ id: string }>;
    expect(handled.map((r) => r.id)).toContain(found!.id);
    // Teacher B sees none of it and cannot mark it.
    expect((await body(await b.b.get('/api/landing/contact-requests'))).requests).toEqual([]);
    expect((await b.b.patch(`/api/landing/contact-requests/${found!.id}`, { handled: false })).status).toBe(404);
    // A malformed id is an unknown request, not "invalid page id".
    const malformed = await a.b.patch('/api/landing/contact-requests/not-a-uuid', { handled: true });
    expect(malformed.status).toBe(404);
    expect((await body(malformed)).error.code).toBe('NOT_FOUND');
  });

  it('drops a request whose honeypot is filled, and rate-limits one address', async () => {
    const bot = browser(t);
    const before = await t.database.db.select().from(landingContactRequests);
    const res = await bot.post(`/api/landing/public/pages/${pageId}/contact`, { ...message, subject: 'spam', website: 'http://spam.example' });
    expect(res.status).toBe(201);
    const after = await t.database.db.select().from(landingContactRequests);
    expect(after.length).toBe(before.length);
    const flood = browser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await flood.post(`/api/landing/public/pages/${pageId}/contact`, { ...message, subject: `m${i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('validates the contact form and refuses unpublished pages', async () => {
    const visitor = browser(t);
    const bad = await visitor.post(`/api/landing/public/pages/${pageId}/contact`, { ...message, email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.fields.email).toBe('يُرجى إدخال بريد إلكتروني صالح');
    const draft = await createPage(a, 'مسودة');
    expect((await browser(t).post(`/api/landing/public/pages/${draft.id}/contact`, message)).status).toBe(404);
  });

  it('counts a view at most once per visitor, page and day', async () => {
    const one = browser(t);
    const first = await body(await one.post(`/api/landing/public/pages/${pageId}/views`));
    const again = await body(await one.post(`/api/landing/public/pages/${pageId}/views`));
    expect(first).toEqual({ counted: true });
    expect(again).toEqual({ counted: false });
    const other = browser(t);
    expect(await body(await other.post(`/api/landing/public/pages/${pageId}/views`))).toEqual({ counted: true });
    const [row] = await t.database.db.select().from(teacherLandingPages).where(eq(teacherLandingPages.id, pageId));
    expect(row!.viewsCount).toBe(2);
    expect((await one.post('/api/landing/public/pages/not-a-uuid/views')).status).toBe(400);
  });
});
