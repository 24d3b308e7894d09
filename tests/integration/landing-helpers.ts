import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { teachers } from '@server/core/db/schema';
import { browser, newTeacher, type TBrowser } from './browser';
import type { TTestApp } from './harness';

export type TTeacherClient = { b: TBrowser; subdomain: string; teacherId: string; host: string };

/** A signed-in teacher (registered through the API, like a person would). */
export async function signedInTeacher(t: TTestApp): Promise<TTeacherClient> {
  const b = browser(t);
  const input = newTeacher();
  const res = await b.post('/api/accounts/register/teacher', input);
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const [row] = await t.database.db.select({ id: teachers.id }).from(teachers).where(eq(teachers.subdomain, input.subdomain));
  return { b, subdomain: input.subdomain, teacherId: row!.id, host: `${input.subdomain}.${t.config.publicHost}` };
}

export async function createPage(client: TTeacherClient, title = 'صفحتي التجريبية', template: 'starter' | 'blank' = 'starter') {
  const res = await client.b.post('/api/landing/pages', { title, template });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { page: Record<string, any> }).page; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The editable fields of a page as the API returned it, ready to be changed and saved. */
export function editable(page: Record<string, unknown>) {
  const {
    id: _i,
    teacher_id: _t,
    is_published: _p,
    is_main: _m,
    views_count: _v,
    created_at: _c,
    updated_at: _u,
    published_at: _pa,
    has_draft: _hd,
    url: _url,
    teacher: _teacher,
    ...fields
  } = page;
  return { ...fields, custom_slug: (fields.custom_slug as string | null) ?? '' };
}

export async function savePage(client: TTeacherClient, id: string, fields: Record<string, unknown>) {
  return client.b.put(`/api/landing/pages/${id}`, fields);
}

export async function publish(client: TTeacherClient, id: string) {
  const res = await client.b.post(`/api/landing/pages/${id}/publish`);
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { page: Record<string, any> }).page; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Waits for the warm-up a save or publish starts in the background to end (the page's usual copy is cached
 * again). A test that then changes rows behind the cache's back would otherwise race that warm-up, which may
 * read the rows before or after the change.
 */
export async function warmedUp(t: TTestApp, client: TTeacherClient, pageId: string) {
  const { site } = t.services.landing;
  await expect
    .poll(() => {
      const record = site.cachedSite(client.subdomain)?.record;
      return Boolean(record && site.cachedPage({ pageId, lng: 'ar', host: 'subdomain', mode: 'live' }, record.versions.get(pageId)));
    })
    .toBe(true);
}

/** A GET as a visitor's browser would send it to a host. */
export function visit(t: TTestApp, host: string, pathname: string, headers: Record<string, string> = {}) {
  return t.request(pathname, { host, headers: { 'x-forwarded-for': '10.200.0.1', ...headers } });
}
