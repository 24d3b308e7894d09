import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ORIGIN, registerTeacherViaApi } from '../support/auth';
import { uniqueAccount } from '../support/fixtures';

export const PORT = Number(process.env.E2E_PORT ?? 4173);
/** A teacher's public host: Chromium resolves every *.localhost name to this machine. */
export const onSubdomain = (subdomain: string, path = '/') => `http://${subdomain}.localhost:${PORT}${path}`;

type TPage = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function json(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { page: TPage };
}

/** A new teacher signed in on the main host, through the API. */
export async function newTeacher(page: Page, prefix = 'lp') {
  const account = uniqueAccount(prefix);
  await registerTeacherViaApi(page, account, 'أستاذة ليلى');
  return account;
}

export async function createPageViaApi(page: Page, title: string, template: 'starter' | 'blank' = 'starter') {
  return (await json(await page.request.post('/api/landing/pages', { data: { title, template }, headers: { origin: ORIGIN } }))).page;
}

/** The editable fields of a page as the API returned it. */
export function editable(p: TPage): TPage {
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
  } = p;
  return { ...fields, custom_slug: p.custom_slug ?? '' };
}

export async function savePageViaApi(page: Page, id: string, fields: TPage) {
  return (await json(await page.request.put(`/api/landing/pages/${id}`, { data: fields, headers: { origin: ORIGIN } }))).page;
}

export async function publishViaApi(page: Page, id: string) {
  return (await json(await page.request.post(`/api/landing/pages/${id}/publish`, { headers: { origin: ORIGIN } }))).page;
}
