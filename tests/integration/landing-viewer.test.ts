import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { teacherLandingPages, teachers } from '@server/core/db/schema';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse } from './courses-helpers';
import { createPage, editable, publish, savePage, signedInTeacher, visit, warmedUp, type TTeacherClient } from './landing-helpers';

let t: TTestApp;
let a: TTeacherClient;
let main: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let second: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  a = await signedInTeacher(t);
  main = await createPage(a, 'أكاديمية الرياضيات');
  const saved = await savePage(a, main.id, {
    ...editable(main),
    // The starter invents no outline, prices or quotes (decision 119): the teacher writes their own.
    course_content: [{ id: 'cc-1', title: 'الدوال الأسية', description: 'خمسة دروس مع تمارين محلولة' }],
    pricing: [{ id: 'p-1', name: 'شهري', price: '3.000 دج', period: 'شهرياً', features: ['كل الدروس'], ctaLabel: 'التسجيل الآن', ctaUrl: '/student/register' }],
    testimonials: [{ id: 't-1', name: 'أمينة', role: 'طالبة بكالوريا', text: 'شرح واضح ومراجعة مفيدة.', rating: 5 }],
    meta_data: {
      title: 'عنوان البحث',
      description: 'وصف للمحركات',
      canonical: 'https://example.test/canonical',
      robots: 'index,follow',
      shareImage: 'https://cdn.example.test/share.png',
    },
  });
  main = ((await saved.json()) as { page: Record<string, unknown> }).page;
  await publish(a, main.id);
  second = await createPage(a, 'دورة البكالوريا');
  await savePage(a, second.id, { ...editable(second), custom_slug: 'Bac-2026' });
  await publish(a, second.id);
});
afterAll(async () => {
  await t.close();
});

const html = (res: Response) => res.text();
/** Every <script> of a page: external files or JSON data only, never inline code. */
function inlineScripts(page: string): string[] {
  return [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs, content]) => !/\bsrc=/.test(attrs!) && !/type="application\/json"/.test(attrs!) && content!.trim() !== '')
    .map(([all]) => all);
}

describe(`landing viewer on a teacher subdomain (${DRIVER})`, () => {
  it('serves the main page at / as complete HTML with its metadata and content', async () => {
    const res = await visit(t, a.host, '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await html(res);
    expect(page.startsWith('<!doctype html><html lang="ar" dir="rtl">')).toBe(true);
    expect(page).toContain('<title>عنوان البحث</title>');
    expect(page).toContain('<meta name="description" content="وصف للمحركات"/>');
    expect(page).toContain('<link rel="canonical" href="https://example.test/canonical"/>');
    expect(page).toContain('<meta name="robots" content="index,follow"/>');
    expect(page).toContain('<meta property="og:title" content="عنوان البحث"/>');
    expect(page).toContain('<meta property="og:image" content="https://cdn.example.test/share.png"/>');
    expect(page).toContain(`<meta property="og:url" content="http://${a.host}/"/>`);
    expect(page).toContain('أكاديمية الرياضيات</h1>');
    // Sections in the configured order, readable without script.
    const order = ['id="hero"', 'id="features"', 'id="about-me"', 'id="course-content"', 'id="pricing"', 'id="testimonials"', 'id="faq"', 'id="contact"'].map(
      (s) => page.indexOf(s),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(page).toContain('href="/student/register"');
    expect(page).toContain('href="/student/login"');
    expect(page).toContain('href="/register"'); // subdomain footer
    expect(inlineScripts(page)).toEqual([]);
  });

  it('uses the custom navbar items when set: hidden ones left out, external ones in a new tab', async () => {
    const c = await signedInTeacher(t);
    const page = await createPage(c, 'صفحة القائمة');
    await savePage(c, page.id, {
      ...editable(page),
      navbar_items: [
        { id: 'a', label: 'الأسئلة', url: '#faq', isVisible: true, isExternal: false },
        { id: 'b', label: 'مخفي', url: '#pricing', isVisible: false, isExternal: false },
        { id: 'c', label: 'يوتيوب', url: 'https://www.youtube.com/@darsi', isVisible: true, isExternal: true },
      ],
    });
    await publish(c, page.id);
    const body = await (await visit(t, c.host, '/')).text();
    expect(body).toContain('<a href="#faq" class="lp-nav__link">الأسئلة</a>');
    expect(body).not.toContain('>مخفي<');
    expect(body).toContain('<a href="https://www.youtube.com/@darsi" class="lp-nav__link" target="_blank" rel="noopener noreferrer">يوتيوب</a>');
    expect(body).not.toContain('>الرئيسية<'); // the default links are replaced
  });

  it('sets a strict CSP and refuses framing outside preview and embedded modes', async () => {
    const live = await visit(t, a.host, '/');
    const csp = live.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(live.headers.get('x-frame-options')).toBe('DENY');
    const embedded = await visit(t, a.host, '/?embedded=true');
    expect(embedded.headers.get('content-security-policy')).toContain('frame-ancestors *');
    // X-Frame-Options cannot say "anywhere": sending SAMEORIGIN beside frame-ancestors * would contradict it.
    expect(embedded.headers.get('x-frame-options')).toBeNull();
    const preview = await visit(t, a.host, '/?preview=true');
    expect(preview.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await preview.text()).toContain('<meta name="robots" content="noindex,nofollow"/>');
  });

  it('adds only the configured pixel providers to the CSP', async () => {
    const c = await signedInTeacher(t);
    const page = await createPage(c, 'صفحة البكسل');
    await savePage(c, page.id, { ...editable(page), tracking_pixels: [{ provider: 'meta', id: '123456789012' }] });
    await publish(c, page.id);
    const res = await visit(t, c.host, '/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://connect.facebook.net");
    expect(csp).not.toContain('googletagmanager');
    expect(inlineScripts(await res.text())).toEqual([]);
  });

  it('finds a page by custom slug (any case) and by its title slug', async () => {
    for (const path of ['/Bac-2026', '/bac-2026', '/BAC-2026/anything']) {
      const res = await visit(t, a.host, path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('دورة البكالوريا</h1>');
    }
    // Title slug of the main page: its Arabic words joined by hyphens, percent-encoded on the wire (decision 059).
    const list = (await (await a.b.get('/api/landing/pages')).json()) as { pages: Array<{ id: string; slug: string }> };
    const slug = list.pages.find((p) => p.id === main.id)!.slug;
    expect(slug).toBe('أكاديمية-الرياضيات');
    const byTitle = await visit(t, a.host, `/${encodeURIComponent(slug)}`);
    expect(byTitle.status).toBe(200);
    expect(await byTitle.text()).toContain('أكاديمية الرياضيات</h1>');
    // The transliterated title slug of the first weeks keeps working for links already shared.
    const legacy = await visit(t, a.host, '/kdymylrydyt');
    expect(legacy.status).toBe(200);
    expect(await legacy.text()).toContain('أكاديمية الرياضيات</h1>');
  });

  it('lets a teacher choose an Arabic custom slug, but not one another page answers to by its title', async () => {
    const c = await signedInTeacher(t);
    const offer = await createPage(c, 'عرض خاص لشهر رمضان');
    await publish(c, offer.id);
    const other = await createPage(c, 'صفحة أخرى');
    // Taking the readable or the transliterated title slug of a published page is refused: its links would change page.
    for (const taken of ['عرض-خاص-لشهر-رمضان', 'aardkhslshhrrmdn']) {
      const res = await savePage(c, other.id, { ...editable(other), custom_slug: taken });
      expect(res.status, taken).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('LANDING_SLUG_TAKEN');
    }
    const saved = await savePage(c, other.id, { ...editable(other), custom_slug: 'عرض-رمضان' });
    expect(saved.status).toBe(200);
    const page = ((await saved.json()) as { page: { custom_slug: string; url: string } }).page;
    expect(page.custom_slug).toBe('عرض-رمضان');
    await publish(c, other.id);
    const res = await visit(t, c.host, `/${encodeURIComponent('عرض-رمضان')}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('صفحة أخرى</h1>');
    expect((await savePage(c, other.id, { ...editable(other), custom_slug: '-عرض' })).status).toBe(400);
  });

  it('shows the Arabic debug 404 on a .localhost host for an unmatched path', async () => {
    const res = await visit(t, a.host, '/no-such-page');
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).toContain('الصفحة غير موجودة');
    expect(page).toContain('data-testid="landing-debug-path">/no-such-page</bdi>');
    expect(page).toContain('إعادة تحميل البيانات');
    expect(page).toContain('href="/no-such-page?refresh-subdomain=1"');
  });

  it('serves regular content for the bypass paths and the app screens', async () => {
    for (const path of [
      '/student/login',
      '/student/register',
      '/student/dashboard',
      '/student/dashboard/',
      '/teacher/login',
      '/teacher/register',
      '/admin/login',
      '/forgot-password',
      '/reset-password',
      '/login',
      '/register',
      '/404',
    ]) {
      const res = await visit(t, a.host, path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root"></div>');
    }
  });

  it('redirects an unknown subdomain to /404 and an inactive teacher to /inactive', async () => {
    const unknown = await visit(t, `nobody-here.${t.config.publicHost}`, '/');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/404');
    const c = await signedInTeacher(t);
    const page = await createPage(c, 'صفحة معلم موقوف');
    await publish(c, page.id);
    expect((await visit(t, c.host, '/')).status).toBe(200);
    await t.database.db.update(teachers).set({ status: 'suspended' }).where(eq(teachers.id, c.teacherId));
    t.services.landing.site.forgetSite(c.subdomain);
    const inactive = await visit(t, c.host, '/');
    expect(inactive.status).toBe(302);
    expect(inactive.headers.get('location')).toBe('/inactive');
    // In an embedded frame the viewer's own messages show instead (spec §8).
    const embedded = await visit(t, c.host, '/?embedded=true');
    expect(embedded.status).toBe(403);
    expect(await embedded.text()).toContain('حساب المعلم غير نشط');
    const missing = await visit(t, `nobody-here.${t.config.publicHost}`, '/?embedded=true');
    expect(await missing.text()).toContain('لم يتم العثور على المعلم');
  });

  it('notices a change made elsewhere (another server) within seconds, from the background check', async () => {
    const c = await signedInTeacher(t);
    const page = await createPage(c, 'صفحة تتغير من مكان آخر');
    await publish(c, page.id);
    await warmedUp(t, c, page.id);
    expect((await visit(t, c.host, '/')).status).toBe(200);
    await t.database.db.update(teachers).set({ isActive: false }).where(eq(teachers.id, c.teacherId));
    expect((await visit(t, c.host, '/')).status).toBe(200); // still trusted for 5 s
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 6_000);
    try {
      await visit(t, c.host, '/'); // answered from the record, which the once-a-second check takes up (decision 221)
      await new Promise((r) => setTimeout(r, 1_500));
      const after = await visit(t, c.host, '/');
      expect(after.status).toBe(302);
      expect(after.headers.get('location')).toBe('/inactive');
    } finally {
      clock.mockRestore();
    }
  });

  it('shows the teacher’s platform home on / when the teacher has no published page, never the draft (issue 11)', async () => {
    const c = await signedInTeacher(t);
    await createPage(c, 'مسودة فقط');
    const res = await visit(t, c.host, '/');
    expect(res.status).toBe(200);
    // The teacher's platform home answers, not Darsi's home and not the unpublished page.
    const body = await res.text();
    expect(body).toContain('data-testid="platform-home"');
    expect(body).not.toContain('<div id="root"></div>');
    expect(body).not.toContain('class="lp-hero"');
    expect(body).not.toContain('مسودة فقط');
    const embedded = await visit(t, c.host, '/?embedded=true');
    expect(await embedded.text()).toContain('لم يتم العثور على الصفحة الرئيسية');
    const noPage = await visit(t, c.host, '/missing?embedded=true');
    expect(await noPage.text()).toContain('لم يتم العثور على الصفحة');
  });

  it('makes the first published page main when none is', async () => {
    const c = await signedInTeacher(t);
    const page = await createPage(c, 'الصفحة الوحيدة');
    await t.database.db.update(teacherLandingPages).set({ isPublished: true, isMain: false }).where(eq(teacherLandingPages.id, page.id));
    const res = await visit(t, c.host, '/');
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(teacherLandingPages).where(eq(teacherLandingPages.id, page.id));
    expect(row!.isMain).toBe(true);
  });

  it('serves a per-subdomain sitemap.xml and robots.txt listing the published pages', async () => {
    const sitemap = await visit(t, a.host, '/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>http://${a.host}/</loc>`);
    expect(xml).toContain(`<loc>http://${a.host}/bac-2026</loc>`);
    // Then the platform's own pages (issue 15): its home (the root shows the landing page) and the teach page.
    expect(xml).toContain(`<loc>http://${a.host}/platform/${a.subdomain}</loc>`);
    expect(xml).toContain(`<loc>http://${a.host}/teach</loc>`);
    expect(xml.match(/<url>/g)).toHaveLength(4);
    const robots = await (await visit(t, a.host, '/robots.txt')).text();
    expect(robots).toContain(`Sitemap: http://${a.host}/sitemap.xml`);
    expect(robots).toContain('Allow: /bac-2026');
  });

  it('serves cached bytes with an ETag, 304 on revalidation, gzip and brotli variants', async () => {
    const first = await visit(t, a.host, '/');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"lp-/);
    const plain = Buffer.from(await first.arrayBuffer());
    const notModified = await visit(t, a.host, '/', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    const gz = await visit(t, a.host, '/', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(plain)).toBe(true);
    // Brotli is made in the background after the first request that asks for it.
    await visit(t, a.host, '/', { 'accept-encoding': 'br, gzip' });
    let br: Response | undefined;
    for (let i = 0; i < 50; i += 1) {
      br = await visit(t, a.host, '/', { 'accept-encoding': 'br, gzip' });
      if (br.headers.get('content-encoding') === 'br') break;
      await br.arrayBuffer();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(br!.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await br!.arrayBuffer())).equals(plain)).toBe(true);
  });

  it('drops the cached page when the teacher saves, publishes or unpublishes', async () => {
    const before = await (await visit(t, a.host, '/bac-2026')).text();
    expect(before).toContain('دورة البكالوريا</h1>');
    const current = ((await (await a.b.get(`/api/landing/pages/${second.id}`)).json()) as { page: Record<string, unknown> }).page;
    await savePage(a, second.id, { ...editable(current), title: 'دورة البكالوريا المحدثة' });
    // A save is a draft (decision 025): the published page stays as it was until "publish".
    expect(await (await visit(t, a.host, '/bac-2026')).text()).toContain('دورة البكالوريا</h1>');
    await publish(a, second.id);
    expect(await (await visit(t, a.host, '/bac-2026')).text()).toContain('دورة البكالوريا المحدثة</h1>');
    await a.b.post(`/api/landing/pages/${second.id}/unpublish`);
    expect((await visit(t, a.host, '/bac-2026')).status).toBe(404);
    await publish(a, second.id);
    expect((await visit(t, a.host, '/bac-2026')).status).toBe(200);
  });

  it('renders the page in the visitor language (chrome labels) with the right direction', async () => {
    const en = await (await visit(t, a.host, '/?lng=en')).text();
    expect(en.startsWith('<!doctype html><html lang="en" dir="ltr">')).toBe(true);
    expect(en).toContain('>Log in<');
    const fr = await (await visit(t, a.host, '/', { 'accept-language': 'fr-FR,fr;q=0.9' })).text();
    expect(fr).toContain('<html lang="fr" dir="ltr">');
  });
});

describe(`/landing/{id}, redirects and errors (${DRIVER})`, () => {
  const mainHost = () => t.config.publicHost;

  it('shows a published page by id with the main-domain footer', async () => {
    const res = await visit(t, mainHost(), `/landing/${main.id}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('أكاديمية الرياضيات</h1>');
    expect(page).toContain('href="#hero">العودة للأعلى</a>');
    expect(page).toContain('href="#contact">تواصلوا معنا</a>');
  });

  it('shows each viewer error with its exact message, a reload link and a home link', async () => {
    const draft = await createPage(a, 'غير منشورة');
    const cases: Array<[string, number, string]> = [
      [`/landing/${draft.id}`, 404, 'الصفحة غير موجودة'],
      ['/landing/00000000-0000-4000-8000-000000000000', 404, 'الصفحة غير موجودة'],
      ['/landing/123', 400, 'معرف الصفحة غير صالح'],
      ['/landing/undefined', 400, 'معرف المنصة أو الصفحة غير صالح'],
      ['/landing/%3Cscript%3E', 400, 'معرف المنصة أو الصفحة غير صالح'],
      ['/landing', 404, 'هذه الصفحة غير متوفرة على النطاق الرئيسي'],
      ['/?subdomain=www', 400, 'معرف المنصة أو الصفحة غير صالح'],
      ['/?subdomain=Not_Valid!', 400, 'لم يتم العثور على نطاق فرعي'],
    ];
    for (const [path, status, message] of cases) {
      const res = await visit(t, mainHost(), path);
      expect(res.status, path).toBe(status);
      const page = await res.text();
      expect(page, path).toContain('<h1 class="lp-screen__title">حدث خطأ</h1>');
      expect(page, path).toContain(`data-testid="landing-error-message">${message}</p>`);
      expect(page, path).toContain('data-testid="landing-error-reload"');
      expect(page, path).toContain('href="/" class="lp-btn lp-btn--outline" data-testid="landing-error-home"');
    }
  });

  it('stops serving a cached /landing/{id} copy within seconds of the teacher being suspended', async () => {
    const c = await signedInTeacher(t);
    const page = await createPage(c, 'صفحة معلم سيوقف');
    await publish(c, page.id);
    // Were the publish's warm-up to read the page after the suspension, it would rightly drop every copy at
    // once; this test is about the copy that nothing has checked yet.
    await warmedUp(t, c, page.id);
    expect((await visit(t, mainHost(), `/landing/${page.id}`)).status).toBe(200);
    await t.database.db.update(teachers).set({ status: 'suspended' }).where(eq(teachers.id, c.teacherId));
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 6_000);
    try {
      // The stale copy answers once more while it is checked behind it…
      expect((await visit(t, mainHost(), `/landing/${page.id}`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      // …then the page is gone.
      expect((await visit(t, mainHost(), `/landing/${page.id}`)).status).toBe(404);
    } finally {
      clock.mockRestore();
    }
  });

  it('previews an unpublished page to its owner only', async () => {
    const draft = await createPage(a, 'مسودة المعاينة');
    const owner = await a.b.get(`/landing/${draft.id}?preview=true`);
    expect(owner.status).toBe(200);
    const page = await owner.text();
    expect(page).toContain('مسودة المعاينة</h1>');
    expect(page).toMatch(/<script src="\/landing-assets\/preview[^"]*\.js" defer="">/);
    expect(owner.headers.get('cache-control')).toBe('no-store');
    const stranger = await visit(t, mainHost(), `/landing/${draft.id}?preview=true`);
    expect(stranger.status).toBe(404);
  });

  it('redirects /t/{id} and /p/{id} (and /login, /register) to the teacher platform', async () => {
    const cases: Array<[string, string]> = [
      [`/t/${main.id}`, `/platform/${a.subdomain}`],
      [`/p/${main.id}`, `/platform/${a.subdomain}`],
      [`/t/${main.id}/login`, `/platform/${a.subdomain}/login`],
      [`/p/${main.id}/register`, `/platform/${a.subdomain}/register`],
      [`/teacher/${a.subdomain}`, `/platform/${a.subdomain}`],
      ['/t/demo/student/dashboard/courses/1', '/student/dashboard'],
    ];
    for (const [path, location] of cases) {
      const res = await visit(t, mainHost(), path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(location);
    }
    // A person followed the link: the error screen with the spec message, not JSON. A draft's id is unknown too.
    const draft = await createPage(a, 'مسودة لا تُكشف');
    for (const path of ['/t/00000000-0000-4000-8000-000000000000', `/p/${draft.id}/login`]) {
      const missing = await visit(t, mainHost(), path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(await missing.text(), path).toContain('data-testid="landing-error-message">لم يتم العثور على المنصة</p>');
    }
    // /teacher/login and friends stay the app's own screens.
    expect((await visit(t, mainHost(), '/teacher/login')).status).toBe(200);
    // A name no teacher registered is no platform: the app answers, and sends it to /teacher/dashboard (decision 010).
    const unknown = await visit(t, mainHost(), '/teacher/no-such-teacher-here');
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('location')).toBeNull();
  });

  it('accepts the contact form without script and answers on the page', async () => {
    const res = await t.request(`/landing-contact/${main.id}`, {
      method: 'POST',
      host: a.host,
      headers: {
        origin: `http://${a.host}`,
        referer: `http://${a.host}/`,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '10.201.0.1',
      },
      body: new URLSearchParams({ name: 'سارة', email: 'sara@example.test', subject: 'سؤال', message: 'مرحبا', website: '' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?contact=sent#contact');
    const page = await (await visit(t, a.host, '/?contact=sent')).text();
    expect(page).toContain('تم إرسال رسالتك بنجاح! سنرد عليك في أقرب وقت ممكن.');
  });

  it('answers the no-script contact form without reading a huge body, and ignores a malformed Referer', async () => {
    const post = (body: string, referer: string, ip: string) =>
      t.request(`/landing-contact/${main.id}`, {
        method: 'POST',
        host: a.host,
        headers: {
          origin: `http://${a.host}`,
          referer,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          'x-forwarded-for': ip,
        },
        body,
      });
    const form = new URLSearchParams({ name: 'سارة', email: 'sara@example.test', subject: 'سؤال', message: 'مرحبا', website: '' }).toString();
    const malformed = await post(form, 'http://[not a url', '10.201.0.2');
    expect(malformed.status).toBe(303);
    expect(malformed.headers.get('location')).toBe(`/landing/${main.id}?contact=sent#contact`);
    // 30 MB announced: refused after at most a chunk or two, not read to the end.
    let pulled = 0;
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        if (pulled > 30 * chunk.length) controller.close();
        else controller.enqueue(new Uint8Array(chunk));
      },
    });
    const huge = await t.request(`/landing-contact/${main.id}`, {
      method: 'POST',
      host: a.host,
      headers: {
        origin: `http://${a.host}`,
        referer: `http://${a.host}/`,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(30 * chunk.length),
        'x-forwarded-for': '10.201.0.3',
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(huge.status).toBe(303);
    expect(huge.headers.get('location')).toBe('/?contact=failed#contact');
    expect(pulled).toBeLessThanOrEqual(2 * chunk.length);
  });
});

describe(`teacher content is escaped on the server (${DRIVER})`, () => {
  it('drops unsafe links and images that an old row still holds, when rendering', async () => {
    const c = await signedInTeacher(t);
    const page = await createPage(c, 'صفحة قديمة');
    await publish(c, page.id);
    await t.database.db
      .update(teacherLandingPages)
      .set({
        heroImageUrl: 'javascript:alert(1)',
        logoUrl: 'data:image/svg+xml,<svg onload=alert(1)>',
        heroCta: { label: 'x', url: 'javascript:alert(1)' },
        navbarItems: [
          { id: 'n', label: 'x', url: 'javascript:alert(1)', isVisible: true, isExternal: false },
          { id: 'm', label: 'ok', url: '#faq', isVisible: true, isExternal: false },
        ],
        themeColors: { primary: 'red;}</style><script>alert(1)</script>', secondary: '#000000' },
        contactActions: [{ id: 'c', type: 'facebook', value: 'javascript:alert(1)' }],
        courseContent: '[{"id":"a","title":"من نص JSON"}]' as unknown as object,
        metaData: '{"title":"عنوان من نص JSON"}' as unknown as object,
      })
      .where(eq(teacherLandingPages.id, page.id));
    // No save: the row was written directly, as an old or hand-edited one would be.
    t.services.landing.site.invalidate(c.teacherId, c.subdomain);
    const body = await (await visit(t, c.host, '/')).text();
    expect(body).not.toMatch(/javascript:/i);
    expect(body).not.toContain('data:image/svg');
    expect(body).not.toContain('</style><script>');
    expect(body).toContain('href="#faq"');
    expect(body).toContain('من نص JSON');
    expect(body).toContain('<title>عنوان من نص JSON</title>');
  });

  it('never lets a payload out of its text node or attribute', async () => {
    const c = await signedInTeacher(t);
    const page = await createPage(c, 'x');
    const payload = '"><script>alert(1)</script><img src=x onerror=alert(1)>';
    const res = await savePage(c, page.id, {
      ...editable(page),
      title: payload,
      subtitle: '</style><script>alert(2)</script>',
      description: '<svg/onload=alert(3)>',
      meta_data: { title: '</title><script>alert(4)</script>', description: '" onload="alert(5)' },
      faq: [{ id: 'f', question: '<details open ontoggle=alert(6)>', answer: '</script><script>alert(7)</script>' }],
    });
    expect(res.status).toBe(200);
    await publish(c, page.id);
    const body = await (await visit(t, c.host, '/')).text();
    expect(body).not.toMatch(/<script>alert/);
    expect(body).not.toMatch(/<img src=x/);
    expect(body).not.toMatch(/<svg\/onload/);
    expect(body).not.toMatch(/<details open ontoggle/);
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The JSON for the page script cannot close its element.
    const data = body.match(/<script type="application\/json" id="lp-data">([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(data).not.toContain('</');
  });
});

describe(`teacher hosts, pixels, slugs and the render cache (${DRIVER})`, () => {
  let c: TTeacherClient;
  let page: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const mainHost = () => t.config.publicHost;
  const lpData = (body: string) => JSON.parse(body.match(/<script type="application\/json" id="lp-data">([\s\S]*?)<\/script>/)![1]!) as Record<string, unknown>;

  beforeAll(async () => {
    c = await signedInTeacher(t);
    page = await createPage(c, 'صفحة المعلم الآخر');
    await savePage(c, page.id, { ...editable(page), tracking_pixels: [{ provider: 'meta', id: '123456789012' }] });
    await publish(c, page.id);
  });

  it('serves /landing/{id} on a teacher host only for that teacher own pages, cached or not', async () => {
    // Copies of the page are cached under both host kinds first, so the check must hold on a cache hit.
    expect((await visit(t, mainHost(), `/landing/${page.id}`)).status).toBe(200);
    expect((await visit(t, c.host, `/landing/${page.id}`)).status).toBe(200);
    for (const query of ['', '?embedded=true', '?preview=true', '?contact=sent', '?lng=en']) {
      const res = await visit(t, a.host, `/landing/${page.id}${query}`);
      expect(res.status, query).toBe(404);
      const body = await res.text();
      expect(body, query).not.toContain('صفحة المعلم الآخر');
    }
    expect(await (await visit(t, a.host, `/landing/${page.id}`)).text()).toContain('data-testid="landing-error-message">الصفحة غير موجودة</p>');
    expect((await visit(t, `nobody-here.${mainHost()}`, `/landing/${page.id}`)).status).toBe(404);
    // A teacher's own page by id stays available on their host.
    expect(await (await visit(t, a.host, `/landing/${main.id}`)).text()).toContain('أكاديمية الرياضيات</h1>');
  });

  it('loads tracking pixels on the teacher host, never on the main domain', async () => {
    const onHost = await visit(t, c.host, '/');
    expect(onHost.headers.get('content-security-policy')).toContain('https://connect.facebook.net');
    const hostData = lpData(await onHost.text());
    expect(hostData).toMatchObject({ host: 'subdomain', pixels: [{ provider: 'meta', id: '123456789012' }] });
    for (const query of ['', '?embedded=true']) {
      const onMain = await visit(t, mainHost(), `/landing/${page.id}${query}`);
      expect(onMain.headers.get('content-security-policy'), query).not.toContain('facebook');
      expect(lpData(await onMain.text()), query).toMatchObject({ host: 'main', pixels: [] });
    }
  });

  it('keeps title slugs off the app routes: a page titled "Login" does not take /login', async () => {
    const login = await createPage(c, 'Login');
    const dashboard = await createPage(c, 'Dashboard');
    await publish(c, login.id);
    const published = await publish(c, dashboard.id);
    expect(published.url).toBe(`http://${mainHost()}/landing/${dashboard.id}`);
    for (const path of ['/login', '/dashboard']) {
      const res = await visit(t, c.host, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-darsi-landing'), path).toBeNull();
      expect(await res.text(), path).toContain('<div id="root"></div>');
    }
    const list = (await (await c.b.get('/api/landing/pages')).json()) as { pages: Array<{ id: string; slug: string }> };
    expect(list.pages.find((p) => p.id === login.id)?.slug).toBe('');
    expect(await (await visit(t, c.host, '/sitemap.xml')).text()).not.toContain('/login');
  });

  it('keeps noindex pages out of sitemap.xml and robots.txt', async () => {
    const hidden = await createPage(c, 'صفحة مخفية عن المحركات');
    await savePage(c, hidden.id, { ...editable(hidden), custom_slug: 'hidden-offer', meta_data: { robots: 'noindex,follow' } });
    await publish(c, hidden.id);
    const shown = await createPage(c, 'صفحة ظاهرة');
    await savePage(c, shown.id, { ...editable(shown), custom_slug: 'shown-offer' });
    await publish(c, shown.id);
    const sitemap = await (await visit(t, c.host, '/sitemap.xml')).text();
    expect(sitemap).toContain('/shown-offer</loc>');
    expect(sitemap).not.toContain('hidden-offer');
    const robots = await (await visit(t, c.host, '/robots.txt')).text();
    expect(robots).toContain('Allow: /shown-offer');
    expect(robots).not.toContain('hidden-offer');
    // The page itself is still served, with its robots meta.
    expect(await (await visit(t, c.host, '/hidden-offer')).text()).toContain('<meta name="robots" content="noindex,follow"/>');
  });

  it("answers strangers' preview and contact-notice requests from the cache; only the owner gets a fresh render", async () => {
    const stranger = async (query: string) => {
      const res = await visit(t, mainHost(), `/landing/${page.id}${query}`);
      expect(res.status, query).toBe(200);
      return res;
    };
    const variants = ['?preview=true', '?contact=sent', '?contact=failed&embedded=true'];
    const preview = await stranger(variants[0]!);
    expect(preview.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(await preview.text()).toContain('صفحة المعلم الآخر</h1>');
    const sent = await stranger(variants[1]!);
    expect(sent.headers.get('cache-control')).toBe('no-store');
    expect(await sent.text()).toContain('تم إرسال رسالتك بنجاح!');
    await (await stranger(variants[2]!)).arrayBuffer();
    // The row changes behind the cache's back (no save, so no invalidation): cached copies keep the old title.
    await t.database.db.update(teacherLandingPages).set({ title: 'عنوان تغير في القاعدة' }).where(eq(teacherLandingPages.id, page.id));
    try {
      for (const query of variants) expect(await (await stranger(query)).text(), query).toContain('صفحة المعلم الآخر</h1>');
      // A copy not rendered before does read the row, and so does the owner's preview, which is never cached.
      expect(await (await stranger('?contact=sent&lng=en')).text()).toContain('عنوان تغير في القاعدة</h1>');
      const own = await c.b.get(`/landing/${page.id}?preview=true`);
      expect(own.headers.get('cache-control')).toBe('no-store');
      expect(await own.text()).toContain('عنوان تغير في القاعدة</h1>');
    } finally {
      t.services.landing.site.invalidate(c.teacherId, c.subdomain);
    }
  });

  it('links each course card to its public page on the platform, and renders new cards once the courses domain says so', async () => {
    expect(await (await visit(t, c.host, '/')).text()).not.toContain('data-testid="course-cards"');
    const { courseId } = await publishedCourse({ b: c.b, id: c.teacherId, subdomain: c.subdomain, host: c.host, userId: '' }, { title: 'دورة الفيزياء' });
    t.services.landing.coursesChanged(c.teacherId);
    const onHost = await (await visit(t, c.host, '/')).text();
    expect(onHost).toContain('دورة الفيزياء</h3>');
    expect(onHost).toContain(
      `<a href="/courses/${courseId}" class="lp-btn lp-btn--primary lp-course__cta" aria-label="عرض الدورة: دورة الفيزياء" data-testid="course-card-cta">عرض الدورة</a>`,
    );
    const onMain = await (await visit(t, mainHost(), `/landing/${page.id}`)).text();
    expect(onMain).toContain(`<a href="/platform/${c.subdomain}/courses/${courseId}" class="lp-btn lp-btn--primary lp-course__cta"`);
  });

  it('honours ?refresh-subdomain=1 on .localhost development hosts only', async () => {
    const forget = vi.spyOn(t.services.landing.site, 'forgetSite');
    try {
      await visit(t, c.host, '/no-such-page?refresh-subdomain=1');
      expect(forget).toHaveBeenCalledWith(c.subdomain);
    } finally {
      forget.mockRestore();
    }
  });
});
