import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error -- a build script (plain ESM, no types): the same bundles the server build makes.
import { buildLandingAssets } from '../../scripts/build-landing.mjs';
import { teacherLandingPages } from '@server/core/db/schema';
import { withLandingFastPath } from '@server/landing/fast-path';
import { browser } from './browser';
import { createTestApp, DRIVER, fakeWebDist, type TTestApp } from './harness';
import { createPage, editable, publish, savePage, signedInTeacher, visit, warmedUp, type TTeacherClient } from './landing-helpers';
import { freePort, rawGet } from '../support/net';

/*
 * Rows the API would refuse (an old row, a hand edit, a JSON string), written straight into the database
 * and rendered by the real server, page script included, in Chromium: every URL-ish field carries
 * javascript:, data: and style payloads. No script may run and no such link may survive, on the teacher's
 * host, on the main domain, embedded, and in the editor's client-rendered preview.
 */
const X = 'window.__xss=1';
const JS = [`javascript:${X}`, ` JaVaScRiPt:${X}`, `java\tscript:${X}`, `&#106;avascript:${X}`];
const DATA = [`data:text/html,<script>${X}</script>`, 'data:image/svg+xml,<svg onload="window.__xss=1">', `vbscript:${X}`];
const STYLE = `x" style="background:url(javascript:${X})" onerror="${X}`;

function unsafeRow() {
  const bad = (i: number) => [...JS, ...DATA, STYLE][i % (JS.length + DATA.length + 1)]!;
  return {
    heroImageUrl: bad(0),
    logoUrl: bad(4),
    heroCta: { label: 'cta', url: bad(1), secondaryLabel: 'cta2', secondaryUrl: bad(5) },
    heroBackground: { type: 'image', imageUrl: `x);background:url(javascript:${X}` },
    navbarItems: [...JS, ...DATA, STYLE].map((url, i) => ({ id: `n${i}`, label: `رابط ${i}`, url, isVisible: true, isExternal: i % 2 === 0 })),
    aboutMe: { title: 'عني', name: 'أستاذ', bio: 'نبذة', profile_image: bad(2) },
    testimonials: [{ id: 't', name: 'طالب', text: 'رائع', avatar: bad(6) }],
    pricing: [{ id: 'p', name: 'خطة', price: '1000', ctaLabel: 'الاشتراك', ctaUrl: bad(3) }],
    contactActions: ['whatsapp', 'phone', 'email', 'facebook', 'instagram', 'telegram', 'youtube', 'tiktok', 'website'].map((type, i) => ({
      id: `c${i}`,
      type,
      value: i < 3 ? `${bad(i)} 555` : bad(i),
    })),
    features: [{ id: 'f', icon: `"><img src=x onerror="${X}">`, title: 'ميزة' }],
    themeColors: { primary: `red;background:url(javascript:${X})`, secondary: '</style><script>window.__xss=1</script>' },
    metaData: JSON.stringify({ title: 'عنوان', canonical: bad(0), shareImage: bad(4), preload: [bad(1), bad(5)] }),
    trackingPixels: [
      { provider: 'meta', id: `1');${X};//` },
      { provider: 'google', id: `javascript:${X}` },
      { provider: 'tiktok', id: `x" onload="${X}` },
      { provider: 'evil', id: '1' },
    ],
    courseContent: '[{"id":"a","title":"من نص JSON"}]',
  } as unknown as Partial<typeof teacherLandingPages.$inferInsert>;
}

/** What must hold in the document whatever was stored: no handler, no scheme that runs code, only our scripts. */
async function assertInert(page: Page) {
  const report = await page.evaluate(() => {
    const bad: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) bad.push(`${el.tagName} ${attr.name}`);
        if (/^(href|src|srcset|action|formaction|xlink:href|data|poster|content)$/i.test(attr.name) && /^\s*(javascript|data|vbscript):/i.test(attr.value))
          bad.push(`${el.tagName} ${attr.name}=${attr.value}`);
        if (attr.name === 'style' && /javascript|expression\(/i.test(attr.value)) bad.push(`${el.tagName} style=${attr.value}`);
      }
    }
    for (const s of Array.from(document.scripts))
      if (s.type !== 'application/json' && !s.src.includes('/landing-assets/')) bad.push(`script ${s.src || s.textContent?.slice(0, 40)}`);
    const links = Array.from(document.querySelectorAll('a[href]')).map((a) => (a as HTMLAnchorElement).href);
    return { bad, links, xss: (window as unknown as { __xss?: unknown }).__xss ?? null, h1: document.querySelector('h1')?.textContent ?? '' };
  });
  expect(report.bad).toEqual([]);
  expect(report.xss).toBeNull();
  expect(report.links.filter((href) => !/^(https?:|mailto:|tel:)/.test(href))).toEqual([]);
  return report;
}

describe(`a real server: the cached fast path, and stored rows in Chromium (${DRIVER})`, () => {
  let t: TTestApp;
  let a: TTeacherClient;
  let server: ReturnType<typeof serve>;
  let port: number;
  let appCalls = 0;
  let mainPageId: string;
  beforeAll(async () => {
    // The real page scripts, built as the server build builds them, so the browser runs them too.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-lp-server-'));
    fs.cpSync(fakeWebDist(), path.join(root, 'web'), { recursive: true });
    await buildLandingAssets(root);
    port = await freePort();
    t = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_HOST: `localhost:${port}`, WEB_DIST_DIR: path.join(root, 'web') });
    a = await signedInTeacher(t);
    const page = await createPage(a, 'صفحة المسار السريع');
    mainPageId = page.id;
    await publish(a, page.id);
    server = serve({
      fetch: (req, env) => {
        appCalls += 1;
        return t.app.fetch(req, env);
      },
      port,
      hostname: '127.0.0.1',
      createServer: withLandingFastPath(t.services),
    });
    await new Promise((r) => server.once('listening', r));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  });

  it('answers a repeat visit from the cache with the same bytes and headers as the app', async () => {
    const host = `${a.subdomain}.${t.config.publicHost}`;
    // A query other than lng always goes to the app (which renders and caches if need be).
    const first = await rawGet(port, host, '/?utm_source=test');
    const before = appCalls;
    const second = await rawGet(port, host, '/'); // fast path
    expect(appCalls).toBe(before);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    // Every header the same; only the per-connection ones and the date may differ.
    const comparable = (h: http.IncomingHttpHeaders) =>
      Object.fromEntries(Object.entries(h).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    // HSTS only over HTTPS (issue 23): none on this plain-HTTP connection, on both paths.
    expect(second.headers['strict-transport-security']).toBeUndefined();
    expect(first.headers['strict-transport-security']).toBeUndefined();
    // Behind the trusted proxy that says HTTPS, both paths send it, and still the same header set.
    const secureApp = await rawGet(port, host, '/?utm_source=test', { 'x-forwarded-proto': 'https' });
    const secureFast = await rawGet(port, host, '/', { 'x-forwarded-proto': 'https' });
    expect(secureFast.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(comparable(secureFast.headers)).toEqual(comparable(secureApp.headers));
    for (const encoding of ['gzip', 'br, gzip']) {
      const app = await rawGet(port, host, '/?utm_source=test', { 'accept-encoding': encoding });
      const fast = await rawGet(port, host, '/', { 'accept-encoding': encoding });
      expect(comparable(fast.headers), encoding).toEqual(comparable(app.headers));
    }
    const notModified = await rawGet(port, host, '/', { 'if-none-match': String(second.headers.etag) });
    expect(notModified.status).toBe(304);
    // Another language is another cached copy; a query other than lng goes to the app.
    const en = await rawGet(port, host, '/?lng=en');
    expect(en.body.toString()).toContain('<html lang="en" dir="ltr">');
    const calls = appCalls;
    await rawGet(port, host, '/?embedded=true');
    expect(appCalls).toBe(calls + 1);
  });

  it('renders a saved and published page again ahead of its next visitor, who takes the fast path', async () => {
    const host = `${a.subdomain}.${t.config.publicHost}`;
    const current = ((await (await a.b.get(`/api/landing/pages/${mainPageId}`)).json()) as { page: Record<string, unknown> }).page;
    expect((await savePage(a, mainPageId, { ...editable(current), subtitle: 'بعد الحفظ مباشرة' })).status).toBe(200);
    // Saved is a draft (decision 025): visitors see it once it is published.
    expect((await rawGet(port, host, '/')).body.toString()).not.toContain('بعد الحفظ مباشرة');
    await publish(a, mainPageId);
    await warmedUp(t, a, mainPageId);
    const calls = appCalls;
    const next = await rawGet(port, host, '/');
    expect(appCalls).toBe(calls);
    expect(next.body.toString()).toContain('بعد الحفظ مباشرة');
  });

  it('answers an Arabic title slug, sent percent-encoded, from the fast path (decision 059)', async () => {
    const host = `${a.subdomain}.${t.config.publicHost}`;
    const page = await createPage(a, 'عرض خاص لشهر رمضان');
    await publish(a, page.id);
    await warmedUp(t, a, page.id);
    const path = `/${encodeURIComponent('عرض-خاص-لشهر-رمضان')}`;
    const calls = appCalls;
    const readable = await rawGet(port, host, path);
    expect(readable.status).toBe(200);
    expect(appCalls).toBe(calls); // a cache hit: the percent-encoded segment found its page
    expect(readable.body.toString()).toContain('عرض خاص لشهر رمضان</h1>');
    // The first weeks' transliterated link still answers with the same page.
    const legacy = await rawGet(port, host, '/aardkhslshhrrmdn');
    expect(legacy.status).toBe(200);
    expect(legacy.body.equals(readable.body)).toBe(true);
  });

  it('never keeps a subdomain record read before a save: the new slug answers at once', async () => {
    const { site } = t.services.landing;
    site.forgetSite(a.subdomain);
    // A visitor's read (or an earlier save's warm-up) is under way when the teacher saves again.
    const reading = site.site(a.subdomain);
    site.invalidate(a.teacherId, a.subdomain);
    await reading;
    expect(site.cachedSite(a.subdomain)).toBeUndefined();
    // Through the API: set a slug while the publish's own warm-up still reads the record.
    const page = await createPage(a, 'صفحة سباق الحفظ');
    await publish(a, page.id);
    const current = ((await (await a.b.get(`/api/landing/pages/${page.id}`)).json()) as { page: Record<string, unknown> }).page;
    expect((await savePage(a, page.id, { ...editable(current), custom_slug: 'race-slug' })).status).toBe(200);
    await publish(a, page.id);
    expect((await rawGet(port, `${a.subdomain}.${t.config.publicHost}`, '/race-slug')).status).toBe(200);
  });

  it('renders every unsafe URL field of a stored row inert in Chromium: teacher host, main domain, embedded and the editor preview', async () => {
    const stored = await createPage(a, 'صفحة بيانات قديمة');
    await publish(a, stored.id);
    const pageId = stored.id as string;
    await t.database.db
      .update(teacherLandingPages)
      .set({ ...unsafeRow(), customSlug: 'old-row' })
      .where(eq(teacherLandingPages.id, pageId));
    t.services.landing.site.invalidate(a.teacherId, a.subdomain);
    const chrome = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      await inChromium(chrome, pageId);
    } finally {
      await chrome.close();
    }
  });

  async function inChromium(chrome: Browser, pageId: string) {
    const context = await chrome.newContext({ locale: 'ar' });
    // The owner's session, for the editor preview (host-only cookie of the main domain).
    const cookies = (await a.b.jar.getCookies(`http://${t.config.publicHost}/`)).map((c) => ({
      name: c.key,
      value: c.value,
      domain: 'localhost',
      path: '/',
      httpOnly: true,
    }));
    await context.addCookies(cookies);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const external: string[] = [];
    await page.route(/^https?:\/\/(?!([\w-]+\.)?localhost[:/])/, (route) => {
      external.push(route.request().url());
      return route.abort();
    });

    const urls = [
      `http://${a.subdomain}.${t.config.publicHost}/old-row`,
      `http://${t.config.publicHost}/landing/${pageId}`,
      `http://${a.subdomain}.${t.config.publicHost}/old-row?embedded=true`,
    ];
    for (const url of urls) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(200);
      await page.waitForLoadState('load');
      // Whatever a handler could hang on is pointed at and focused.
      await page.evaluate(() => {
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('a, img, button, summary'))) {
          for (const type of ['mouseover', 'mouseenter', 'focus']) el.dispatchEvent(new Event(type, { bubbles: true }));
        }
      });
      const report = await assertInert(page);
      expect(report.h1, url).toBe('صفحة بيانات قديمة');
      expect(await page.locator('.lp-nav__link').count(), url).toBe(0);
    }
    // The broken pixel ids never reach a loader: no request to a provider at all.
    expect(external).toEqual([]);

    // The editor's preview renders the stored fields again in the browser, with React.
    await page.goto(`http://${t.config.publicHost}/landing/${pageId}?preview=true`);
    await page.waitForLoadState('load');
    await page.waitForFunction(() => Array.from(document.scripts).some((s) => s.src.includes('/landing-assets/preview')));
    await page.evaluate(() => {
      const data = JSON.parse(document.getElementById('lp-data')!.textContent!) as { preview: { page: Record<string, unknown> } };
      window.postMessage({ type: 'landing-preview:update', page: { ...data.preview.page, title: 'معاينة من المتصفح' } }, window.location.origin);
    });
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'معاينة من المتصفح');
    await assertInert(page);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  }
});

describe(`images (${DRIVER})`, () => {
  let t: TTestApp;
  let a: TTeacherClient;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    a = await signedInTeacher(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(bytes: Buffer, name: string, type: string, kind = 'hero') {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(bytes)], name, { type }));
    form.set('kind', kind);
    const cookie = await a.b.jar.getCookieString(`http://${t.config.publicHost}/`);
    return t.request('/api/landing/images', { method: 'POST', headers: { origin: `http://${t.config.publicHost}`, cookie }, body: form });
  }

  it('re-encodes an uploaded photo to WebP at a web size under a generated name', async () => {
    const png = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'photo.png', 'image/png', 'hero');
    expect(res.status).toBe(201);
    const { image } = (await res.json()) as { image: { url: string; width: number; height: number } };
    expect(image.url).toMatch(/^\/landing-assets\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(image.width).toBe(1600);
    const served = await visit(t, t.config.publicHost, image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    const avatar = await upload(png, 'a.png', 'image/png', 'avatar');
    expect(((await avatar.json()) as { image: { width: number; height: number } }).image).toMatchObject({ width: 192, height: 192 });
  });

  it('checks the content, not the name: SVG with script and disguised files are refused', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    for (const [bytes, name, type] of [
      [svg, 'x.svg', 'image/svg+xml'],
      [svg, 'innocent.png', 'image/png'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.jpg', 'image/jpeg'],
      [Buffer.from('GIF89a not really'), 'x.gif', 'image/gif'],
    ] as const) {
      const res = await upload(bytes, name, type);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'IMAGE_INVALID',
        message: 'هذا الملف ليس صورة مدعومة. الصيغ المقبولة: JPEG أو PNG أو WebP أو GIF أو AVIF.',
      });
    }
  });

  it('refuses an image over 10 MB with a clear message', async () => {
    const res = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('الصورة كبيرة جداً: الحد الأقصى 10 ميغابايت.');
  });

  it('refuses uploads from anyone but a teacher, and unknown file names', async () => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array([1, 2, 3])], 'x.png'));
    const res = await browser(t).post('/api/landing/images', undefined);
    expect(res.status).toBe(401);
    expect((await visit(t, t.config.publicHost, '/landing-assets/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await visit(t, t.config.publicHost, '/landing-assets/uploads/nope.webp')).status).toBe(404);
  });
});

describe(`a production-like host (${DRIVER})`, () => {
  let t: TTestApp;
  let a: TTeacherClient;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_HOST: 'darsi.test' });
    a = await signedInTeacher(t);
    const page = await createPage(a, 'صفحة الإنتاج');
    await savePage(a, page.id, { ...editable(page), custom_slug: 'offer' });
    await publish(a, page.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves pages on {subdomain}.{host} and regular content for an unmatched path (no debug screen)', async () => {
    const host = `${a.subdomain}.darsi.test`;
    expect((await visit(t, host, '/')).status).toBe(200);
    expect((await visit(t, host, '/offer')).status).toBe(200);
    const unmatched = await visit(t, host, '/no-such-page');
    expect(unmatched.headers.get('x-darsi-landing')).toBeNull();
    expect(await unmatched.text()).not.toContain('landing-debug-404');
    // The main domain and www show the regular site.
    expect((await visit(t, 'darsi.test', '/')).headers.get('x-darsi-landing')).toBeNull();
    expect((await visit(t, 'www.darsi.test', '/')).headers.get('x-darsi-landing')).toBeNull();
  });

  it('ignores ?refresh-subdomain=1 outside .localhost development hosts', async () => {
    const forget = vi.spyOn(t.services.landing.site, 'forgetSite');
    try {
      for (const path of ['/no-such-page?refresh-subdomain=1', '/?refresh-subdomain=1']) await visit(t, `${a.subdomain}.darsi.test`, path);
      expect(forget).not.toHaveBeenCalled();
    } finally {
      forget.mockRestore();
    }
  });
});

describe(`database failures show the viewer messages (${DRIVER})`, () => {
  let t: TTestApp;
  let a: TTeacherClient;
  let pageId: string;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    a = await signedInTeacher(t);
    const page = await createPage(a, 'صفحة');
    pageId = page.id;
    await publish(a, page.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports a teacher lookup error and a main page lookup error with their details', async () => {
    const site = t.services.landing.site;
    const original = { site: site.site, publishedPage: site.publishedPage };
    try {
      site.site = async () => {
        throw new Error('connection refused');
      };
      const embedded = await visit(t, a.host, '/?embedded=true');
      expect(embedded.status).toBe(503);
      expect(await embedded.text()).toContain('خطأ في البحث عن المعلم: قاعدة البيانات غير متاحة حالياً');
      // A visitor (not in a frame) is sent to /404, per the routing table of spec §8.
      const live = await visit(t, a.host, '/');
      expect(live.headers.get('location')).toBe('/404');
      site.site = original.site;
      site.publishedPage = async () => {
        throw new Error('timeout');
      };
      t.services.landing.site.forgetSite(a.subdomain);
      const main = await visit(t, a.host, '/');
      expect(main.status).toBe(503);
      const text = await main.text();
      expect(text).toContain('خطأ في البحث عن الصفحة الرئيسية: قاعدة البيانات غير متاحة حالياً');
      expect(text).not.toContain('timeout');
      // Any other failure while loading a page: the generic message, never the driver's text.
      const byId = await visit(t, t.config.publicHost, `/landing/${pageId}`);
      expect(byId.status).toBe(503);
      const generic = await byId.text();
      expect(generic).toContain('حدث خطأ أثناء تحميل الصفحة');
      expect(generic).not.toContain('timeout');
    } finally {
      Object.assign(site, original);
    }
  });
});
