import type { Frame, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ORIGIN } from '../support/auth';
import { createPageViaApi, editable, newTeacher, onSubdomain, publishViaApi, savePageViaApi } from './support';

/*
 * Teacher content is text: whatever a teacher types must reach the visitor as text, in every field.
 * Each payload tries to run `window.__xss = 1` or open a dialog; the page must end with neither, with
 * no element carrying an event handler, no script but ours, and no javascript:/data: link.
 */
const X = 'window.__xss=1';
const PAYLOADS = [
  `<script>${X}</script>`,
  `"><script>${X}</script>`,
  `'><script>${X}</script>`,
  `</title><script>${X}</script>`,
  `</style><script>${X}</script>`,
  `</textarea><script>${X}</script>`,
  `</script><script>${X}</script>`,
  `<img src=x onerror="${X}">`,
  `<img src=x onerror=alert(1)>`,
  `<svg onload=alert(1)>`,
  `<svg/onload=${X}>`,
  `<body onload=alert(1)>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">x</a>`,
  `<details open ontoggle=alert(1)>`,
  `<input autofocus onfocus=alert(1)>`,
  `<video><source onerror=alert(1)></video>`,
  `<audio src=x onerror=alert(1)>`,
  `<marquee onstart=alert(1)>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<svg><style><img src=x onerror=alert(1)></style></svg>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">`,
  `<svg><p><style><img src=x onerror=alert(1)></p></svg>`,
  `<math><mi><table><mi><style><img src=x onerror=alert(1)>`,
  `<style>@import 'javascript:alert(1)';</style>`,
  `<style>body{background:url("javascript:alert(1)")}</style>`,
  `<div style="background:url(javascript:alert(1))">x</div>`,
  `<div style="x:expression(alert(1))">x</div>`,
  `</style><style>*{display:none!important}</style>`,
  `<link rel=stylesheet href=javascript:alert(1)>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `{{constructor.constructor('alert(1)')()}}`,
  `\${alert(1)}`,
  `javascript:alert(1)`,
  `data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`,
  `" onmouseover="alert(1)" x="`,
  `' onmouseover='alert(1)' x='`,
  `\u2028\u2029<script>${X}</script>`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<![CDATA[<script>${X}</script>]]>`,
  `<scr<script>ipt>${X}</scr</script>ipt>`,
  `%3Cscript%3E${X}%3C/script%3E`,
  `&lt;script&gt;${X}&lt;/script&gt;`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>`,
  `<svg><animate onbegin=alert(1) attributeName=x dur=1s>`,
  `<svg><set attributeName="onload" to="alert(1)"/>`,
  `<isindex type=image src=1 onerror=alert(1)>`,
  `<template><script>${X}</script></template>`,
  `<x contenteditable onblur=alert(1)>lose focus`,
  `"><svg/onload=alert(String.fromCharCode(88,83,83))>`,
];

/** Every text field of a page, each taking the next payload (offset per round so each payload moves around). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function withPayloads(base: Record<string, any>, round: number) {
  let i = round * 17;
  const p = () => PAYLOADS[i++ % PAYLOADS.length]!.slice(0, 190);
  const id = (n: number) => `x${round}-${n}`;
  return {
    ...base,
    title: p(),
    subtitle: p(),
    description: p(),
    hero_cta: { label: p().slice(0, 80), url: '/student/register', secondaryLabel: p().slice(0, 80), secondaryUrl: '#faq' },
    hero_features: [{ id: id(1), icon: 'star', text: p().slice(0, 120) }],
    features: [{ id: id(2), icon: 'book', title: p(), description: p() }],
    about_me: { title: p(), name: p(), bio: p(), highlights: [p(), p()] },
    course_content: [{ id: id(3), title: p(), description: p(), duration: p().slice(0, 60) }],
    pricing: [
      {
        id: id(4),
        name: p(),
        price: p().slice(0, 40),
        period: p().slice(0, 40),
        description: p(),
        features: [p(), p()],
        ctaLabel: p().slice(0, 80),
        ctaUrl: '#contact',
      },
    ],
    testimonials: [{ id: id(5), name: p(), role: p(), text: p(), rating: 5 }],
    faq: [{ id: id(6), question: p(), answer: p() }],
    contact_actions: [{ id: id(7), type: 'email', value: 'teacher@example.test', label: p().slice(0, 80) }],
    contact_form: { title: p(), description: p() },
    navbar_items: [{ id: id(8), label: p().slice(0, 80), url: '#faq', isVisible: true, isExternal: false }],
    meta_data: { title: p().slice(0, 120), description: p() },
  };
}

/** The checks that hold whatever the payload: run in the document that shows the page. */
async function assertInert(target: Page | Frame, kind: 'viewer' | 'editor' = 'viewer') {
  const report = await target.evaluate((kind) => {
    const bad: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) bad.push(`${el.tagName} ${attr.name}`);
        if (/^(href|src|action|formaction|xlink:href|data)$/i.test(attr.name) && /^\s*(javascript|data|vbscript):/i.test(attr.value))
          bad.push(`${el.tagName} ${attr.name}=${attr.value}`);
      }
    }
    for (const s of Array.from(document.scripts)) {
      const ours = s.type === 'application/json' || s.src.includes('/landing-assets/') || (kind === 'editor' && s.src.includes('/assets/'));
      if (!ours) bad.push(`script ${s.src || s.textContent?.slice(0, 40)}`);
    }
    if (kind === 'editor') return { bad, xss: (window as unknown as { __xss?: unknown }).__xss ?? null };
    for (const tag of [
      'iframe',
      'object',
      'embed',
      'base',
      'meta[http-equiv]',
      'link[rel=stylesheet]',
      'template',
      'math',
      'svg style',
      'isindex',
      'marquee',
      'video',
      'audio',
    ]) {
      if (document.querySelector(tag)) bad.push(`element ${tag}`);
    }
    if (document.querySelectorAll('style').length !== 1) bad.push(`styles ${document.querySelectorAll('style').length}`);
    return { bad, xss: (window as unknown as { __xss?: unknown }).__xss ?? null };
  }, kind);
  expect(report.bad).toEqual([]);
  expect(report.xss).toBeNull();
}

test.describe('teacher content cannot run script (55 payloads, every field)', () => {
  test.setTimeout(120_000);

  test('payloads stay text on the public page and in the editor preview', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const account = await newTeacher(page, 'xss');
    for (let round = 0; round < 3; round += 1) {
      const created = await createPageViaApi(page, `xss ${round}`, 'blank');
      const fields = withPayloads(editable(created), round);
      const saved = await savePageViaApi(page, created.id, { ...fields, custom_slug: `xss-${round}` });
      await publishViaApi(page, saved.id);

      await page.goto(onSubdomain(account.subdomain, `/xss-${round}`));
      await expect(page.locator('h1')).toHaveText(fields.title.trim());
      await expect(page.locator('.lp-faq__item summary')).toHaveText(fields.faq[0]!.question.trim());
      await page.locator('.lp-faq__item summary').click();
      // Hover and focus everything a handler could hang on.
      for (const el of await page.locator('main a, main summary, main p').all()) await el.hover({ trial: false, timeout: 1_000 }).catch(() => undefined);
      await page.waitForTimeout(300);
      await assertInert(page);

      await page.goto(`/dashboard/landing-pages/${saved.id}`);
      // The editor and its framed page load on a machine busy with the rest of the suite.
      await expect(page.getByTestId('landing-preview')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
      const frame = page.frame({ url: /\/landing\/.*preview=true/ })!;
      await expect(frame.locator('h1')).toHaveText(fields.title.trim());
      // Typing a payload goes through the live preview (client rendering) too.
      await page.getByTestId('panel-hero').locator('summary').click();
      await page.getByTestId('field-subtitle').fill(PAYLOADS[(round * 5) % PAYLOADS.length]!);
      await expect(frame.locator('.lp-hero__subtitle')).toHaveText(PAYLOADS[(round * 5) % PAYLOADS.length]!.trim());
      await assertInert(frame);
      await assertInert(page, 'editor');
      await page.getByTestId('editor-save').click();
      await expect(page.getByTestId('editor-dirty')).toHaveCount(0);
    }
    expect(dialogs).toEqual([]);
  });

  test('unsafe links, style injection and pixel scripts are refused by the API', async ({ page }) => {
    await newTeacher(page, 'xssurl');
    const created = await createPageViaApi(page, 'روابط');
    const base = editable(created);
    const links = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '\\\\evil.example',
      'https://example.test/"><script>alert(1)</script>',
    ];
    const put = (data: Record<string, unknown>) =>
      page.request.put(`/api/landing/pages/${created.id}`, { data: { ...base, ...data }, headers: { origin: ORIGIN } });
    for (const url of links) {
      expect((await put({ navbar_items: [{ id: 'n', label: 'x', url, isVisible: true, isExternal: true }] })).status(), `navbar ${url}`).toBe(400);
      expect((await put({ hero_cta: { label: 'x', url } })).status(), `cta ${url}`).toBe(400);
      expect((await put({ hero_image_url: url })).status(), `image ${url}`).toBe(400);
    }
    for (const color of ['red;}</style><script>alert(1)</script>', 'expression(alert(1))', '#fff;background:url(javascript:alert(1))']) {
      expect((await put({ theme_colors: { primary: color, secondary: '#000000' } })).status()).toBe(400);
    }
    for (const pixel of [
      { provider: 'meta', id: '<script>alert(1)</script>' },
      { provider: 'google', id: "G-1');alert(1);//" },
      { provider: 'tiktok', id: 'x" onload="alert(1)' },
    ]) {
      expect((await put({ tracking_pixels: [pixel] })).status()).toBe(400);
    }
  });
});
