import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachers } from '@server/core/db/schema';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse, registerTeacher, type TTeacher } from './courses-helpers';
import { createPage, editable, publish, savePage, visit } from './landing-helpers';

let t: TTestApp;
let a: TTeacher;
let other: TTeacher;

const asClient = (teacher: TTeacher) => ({ b: teacher.b, subdomain: teacher.subdomain, teacherId: teacher.id, host: teacher.host });
const home = async (host: string, path: string) => {
  const res = await visit(t, host, path);
  return { status: res.status, location: res.headers.get('location'), html: await res.text(), headers: res.headers };
};

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  a = await registerTeacher(t);
  other = await registerTeacher(t);
  await publishedCourse(a, {
    title: 'الرياضيات للباكالوريا',
    lessons: 3,
    plans: [
      { type: 'monthly', priceDzd: 2500 },
      { type: 'yearly', priceDzd: 20000 },
    ],
  });
  await publishedCourse(a, { title: 'دورة مجانية في الفيزياء', kind: 'regular', lessons: 2, plans: [{ type: 'free', priceDzd: 0 }] });
  // A draft of this teacher and a published course of another teacher: neither may show.
  await a.b.post('/api/courses/teacher/courses', { title: 'مسودة لم تنشر', kind: 'organized' });
  await publishedCourse(other, { title: 'دورة أستاذ آخر' });
});
afterAll(async () => {
  await t.close();
});

describe(`teacher platform home (${DRIVER})`, () => {
  it('shows the teacher at the root of their host while no landing page is published, not Darsi’s home', async () => {
    const page = await home(a.host, '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.html).toContain('data-testid="platform-home"');
    expect(page.html).not.toContain('<div id="root"></div>');
    const [row] = await t.database.db.select({ name: teachers.name }).from(teachers).where(eq(teachers.id, a.id));
    expect(page.html).toContain(`data-testid="platform-name">${row!.name}</h1>`);
    // The teacher's platform sign-in and sign-up on their own host.
    expect(page.html).toContain('href="/register" class="lp-btn lp-btn--outline" data-testid="platform-register"');
    expect(page.html).toContain('href="/login" class="lp-btn lp-btn--outline" data-testid="platform-login"');
    expect(page.html).not.toContain('platform-landing-link');
  });

  it('lists only this teacher’s published courses, with kind, lessons, plans in DZD and the free mark', async () => {
    for (const [host, path] of [
      [a.host, '/'],
      [t.config.publicHost, `/platform/${a.subdomain}`],
    ] as const) {
      const { status, html } = await home(host, path);
      expect(status, path).toBe(200);
      expect(html).toContain('الرياضيات للباكالوريا');
      expect(html).toContain('دورة مجانية في الفيزياء');
      expect(html).not.toContain('مسودة لم تنشر');
      expect(html).not.toContain('دورة أستاذ آخر');
      expect(html.match(/data-testid="course-card"/g)).toHaveLength(2);
      expect(html).toContain('دورتان منشورتان');
      expect(html).toContain('دورة منظمة');
      expect(html).toContain('عدد الدروس: 3');
      expect(html).toContain('<span>شهري</span><strong>2.500 دج</strong>');
      expect(html).toContain('<span>سنوي</span><strong>20.000 دج</strong>');
      expect(html.match(/data-testid="course-free"/g)).toHaveLength(1);
    }
    // On the main domain the links go to the platform's own screens.
    const main = await home(t.config.publicHost, `/platform/${a.subdomain}`);
    expect(main.html).toContain(`href="/platform/${a.subdomain}/register"`);
    expect(main.html).toContain(`href="/platform/${a.subdomain}/login"`);
    // English on request, left to right.
    const en = await home(t.config.publicHost, `/platform/${a.subdomain}?lng=en`);
    expect(en.html.startsWith('<!doctype html><html lang="en" dir="ltr">')).toBe(true);
    expect(en.html).toContain('<span>Monthly</span><strong>2,500 DZD</strong>');
  });

  it('filters by search and by kind, server-side', async () => {
    const byText = await home(t.config.publicHost, `/platform/${a.subdomain}?q=${encodeURIComponent('الفيزياء')}`);
    expect(byText.html.match(/data-testid="course-card"/g)).toHaveLength(1);
    expect(byText.html).toContain('دورة مجانية في الفيزياء');
    const byKind = await home(t.config.publicHost, `/platform/${a.subdomain}?kind=organized`);
    expect(byKind.html.match(/data-testid="course-card"/g)).toHaveLength(1);
    expect(byKind.html).toContain('الرياضيات للباكالوريا');
    const none = await home(t.config.publicHost, `/platform/${a.subdomain}?q=zzz`);
    expect(none.html).toContain('لا توجد دورة تطابق بحثك.');
  });

  it('takes the photo, bio and colours from the landing settings and links the published page', async () => {
    const c = await registerTeacher(t);
    const page = await createPage(asClient(c), 'صفحتي');
    const saved = await savePage(asClient(c), page.id, {
      ...editable(page),
      theme_colors: { primary: '#7c3aed', secondary: '#db2777' },
      about_me: { ...(page.about_me as object), bio: 'أستاذ رياضيات منذ 15 سنة', profile_image: 'https://cdn.example.test/me.png' },
    });
    expect(saved.status).toBe(200);
    // A draft is not public: nothing of it shows (decision 057).
    const draft = await home(t.config.publicHost, `/platform/${c.subdomain}`);
    expect(draft.html).not.toContain('أستاذ رياضيات منذ 15 سنة');
    expect(draft.html).not.toContain('me.png');
    expect(draft.html).not.toContain('#7c3aed');
    expect(draft.html).not.toContain('platform-landing-link');
    await publish(asClient(c), page.id);
    const published = await home(t.config.publicHost, `/platform/${c.subdomain}`);
    expect(published.html).toContain('data-testid="platform-bio">أستاذ رياضيات منذ 15 سنة</p>');
    expect(published.html).toContain('src="https://cdn.example.test/me.png"');
    expect(published.html).toContain('--lp-primary:#7c3aed');
    expect(published.html).toContain(`href="/landing/${page.id}" class="lp-btn lp-btn--outline" data-testid="platform-landing-link"`);
    // With a published page, the host's root is that page again.
    expect((await home(c.host, '/')).html).not.toContain('data-testid="platform-home"');
  });

  it('escapes teacher content: a name, bio or course title never becomes markup', async () => {
    const c = await registerTeacher(t);
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    await t.database.db
      .update(teachers)
      .set({ name: `أ. ${payload}` })
      .where(eq(teachers.id, c.id));
    const page = await createPage(asClient(c), 'صفحة');
    await savePage(asClient(c), page.id, { ...editable(page), about_me: { ...(page.about_me as object), bio: payload } });
    await publish(asClient(c), page.id);
    await publishedCourse(c, { title: `دورة ${payload}` });
    const { html } = await home(t.config.publicHost, `/platform/${c.subdomain}?q=${encodeURIComponent('"><script>alert(3)</script>')}`);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('لا توجد دورة تطابق بحثك.');
  });

  it('sends a suspended teacher’s platform to /inactive and an unknown one to /404', async () => {
    const c = await registerTeacher(t);
    expect((await home(t.config.publicHost, `/platform/${c.subdomain}`)).status).toBe(200);
    await t.database.db.update(teachers).set({ status: 'suspended' }).where(eq(teachers.id, c.id));
    t.services.landing.site.forgetSite(c.subdomain);
    for (const [host, path] of [
      [t.config.publicHost, `/platform/${c.subdomain}`],
      [c.host, '/'],
    ] as const) {
      const res = await home(host, path);
      expect(res.status, host).toBe(302);
      expect(res.location).toBe('/inactive');
    }
    const unknown = await home(t.config.publicHost, '/platform/nobody-here');
    expect(unknown.status).toBe(302);
    expect(unknown.location).toBe('/404');
    // The §2.5 redirects land here.
    const viaTeacher = await home(t.config.publicHost, `/teacher/${a.subdomain}`);
    expect(viaTeacher.location).toBe(`/platform/${a.subdomain}`);
  });

  it('answers /favicon.ico on a teacher’s host with Darsi’s icon', async () => {
    const res = await visit(t, a.host, '/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toContain('<svg');
  });
});
