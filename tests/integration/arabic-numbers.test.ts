import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PATHS } from '@views/site/routes';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { publishedCourse, registerTeacher, type TTeacher } from './courses-helpers';
import { createPage, publish, visit } from './landing-helpers';

/*
 * Issue 24, defect 10 ("one Arabic voice"): every number a reader sees on a rendered Arabic page comes from the shared
 * formatter (ar-DZ, Western digits: 3.000, 1.232), never raw (3000), English-grouped (3,000) or French-grouped (3 000).
 * The pages are fetched over HTTP as a visitor's browser would, and only their visible text is read.
 */

/** The visible text of a page: no head, scripts, styles or attributes; entities that matter here decoded. */
function visibleText(html: string): string {
  const body = html.slice(Math.max(0, html.indexOf('<body')));
  return body
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, '\u00a0')
    .replace(/&amp;/g, '&');
}

const YEAR = /^(19|20)\d\d$/;

/** Numbers written outside the formatter, each with a little of its context for the failure message. */
function rawNumbers(html: string): string[] {
  const found: string[] = [];
  const text = visibleText(html);
  // A run of digits and separators that is not part of a word, code or phone number (+213 …, 0555 …).
  for (const m of text.matchAll(/(?<![\p{L}\d_+\-#/.:@])\d[\d.,\u00a0\u202f ]*\d(?![\p{L}\d_\-/@])/gu)) {
    const run = m[0].trim();
    const context = text.slice(Math.max(0, m.index - 25), m.index + run.length + 25).replace(/\s+/g, ' ');
    if (run.startsWith('0')) continue;
    // Several numbers side by side ("2023 15") are not one number; only a group of three digits after a separator is.
    const grouped = /^\d{1,3}([.,\u00a0\u202f ]\d{3})+$/.test(run);
    if (grouped) {
      if (/[,\u00a0\u202f ]/.test(run)) found.push(`${run} «${context}»`);
      continue;
    }
    for (const part of run.split(/[\s\u00a0\u202f]+/)) {
      const digits = part.replace(/[.,]$/, '');
      // Years are written without grouping ("15 جويلية 2023"); a four-digit figure that is not a year is not.
      if (/^\d{4,}$/.test(digits) && !YEAR.test(digits)) found.push(`${digits} «${context}»`);
      if (/^\d{1,3}(,\d{3})+$/.test(digits)) found.push(`${digits} «${context}»`);
    }
  }
  return found;
}

let t: TTestApp;
let teacher: TTeacher;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  teacher = await registerTeacher(t);
  ({ courseId } = await publishedCourse(teacher, {
    lessons: 2,
    plans: [
      { type: 'monthly', priceDzd: 2500 },
      { type: 'yearly', priceDzd: 25000 },
    ],
  }));
  const client = { b: teacher.b, subdomain: teacher.subdomain, teacherId: teacher.id, host: teacher.host };
  const page = await createPage(client, 'أكاديمية الرياضيات');
  await publish(client, page.id as string);
});
afterAll(async () => {
  await t.close();
});

describe(`numbers on rendered Arabic pages (${DRIVER})`, () => {
  it('finds raw and foreign-grouped numbers, and lets formatted ones, years and phone numbers through', () => {
    const page = (text: string) => `<html><body><p>${text}</p><script>var x = 12345;</script></body></html>`;
    expect(rawNumbers(page('السعر 3000 دج'))).toHaveLength(1);
    expect(rawNumbers(page('السعر 3,000 دج'))).toHaveLength(1);
    expect(rawNumbers(page('السعر 3&nbsp;000 دج'))).toHaveLength(1);
    expect(rawNumbers(page('مرّ 1232 يوماً'))).toHaveLength(1);
    expect(rawNumbers(page('السعر 3.000 دج، 25.000 دج، 15 جويلية 2023، 100 طالب، 9:00 إلى 17:00'))).toEqual([]);
    expect(rawNumbers(page('الهاتف 0555 12 34 56 أو +213 555 12 34 56، المرجع DRP-ABCD2345'))).toEqual([]);
  });

  it('the main site pages and help pages write every number through the formatter', async () => {
    const offences: string[] = [];
    for (const path of PUBLIC_PATHS) {
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      offences.push(...rawNumbers(await res.text()).map((n) => `${path}: ${n}`));
    }
    expect(offences).toEqual([]);
  });

  it("a teacher's landing page and public course page write prices and counts through the formatter", async () => {
    const pages = [
      ['/', await (await visit(t, teacher.host, '/')).text()],
      [`/courses/${courseId}`, await (await visit(t, teacher.host, `/courses/${courseId}`)).text()],
      [
        `/platform/${teacher.subdomain}/courses/${courseId}`,
        await (await visit(t, t.config.publicHost, `/platform/${teacher.subdomain}/courses/${courseId}`)).text(),
      ],
    ] as const;
    const offences = pages.flatMap(([path, html]) => rawNumbers(html).map((n) => `${path}: ${n}`));
    // The prices are there, grouped the Arabic way.
    expect(pages[1][1]).toContain('25.000 دج');
    expect(offences).toEqual([]);
  });
});
