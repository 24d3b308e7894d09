import type { APIRequestContext } from '@playwright/test';
import { expect, uniqueAccount } from '../support/fixtures';

type TCardsTeacher = { prefix: string; name: string; course: string; lesson: string; price: number; count: number };

/**
 * A teacher of their own (so the demo platform's code budgets are left alone) with a published course, one monthly
 * plan and a batch of `count` cash cards, read back from the batch's CSV export: each card's six digits, its card
 * number and its QR link.
 */
export async function teacherWithCards(request: APIRequestContext, origin: string, t: TCardsTeacher) {
  const account = uniqueAccount(t.prefix);
  const headers = { origin };
  const registered = await request.post('/api/accounts/register/teacher', {
    data: { name: t.name, email: account.email, subdomain: account.subdomain, password: account.password },
    headers,
  });
  expect(registered.status()).toBe(201);
  const post = async (url: string, data: unknown) => (await request.post(url, { data, headers })).json();
  const course = await post('/api/courses/teacher/courses', { title: t.course, kind: 'regular' });
  const section = await post(`/api/courses/teacher/courses/${course.id}/sections`, { title: 'الوحدة 1' });
  await post(`/api/courses/teacher/courses/${course.id}/lessons`, { sectionId: section.id, title: t.lesson, type: 'text', bodyHtml: `<p>${t.lesson}</p>` });
  await request.put(`/api/courses/teacher/courses/${course.id}/plans`, { data: { plans: [{ type: 'monthly', priceDzd: t.price }] }, headers });
  await request.patch(`/api/courses/teacher/courses/${course.id}`, { data: { status: 'published' }, headers });
  const plans = (await (await request.get(`/api/courses/teacher/courses/${course.id}`)).json()).plans;
  const batch = await post('/api/codes/teacher/batches', {
    courseId: course.id,
    planId: plans[0].id,
    count: t.count,
    validUntil: new Date(Date.now() + 9 * 86_400_000).toISOString(),
  });
  const csv = await (await request.get(`/api/codes/teacher/batches/${batch.id}/export/csv`)).text();
  const cards = [...csv.matchAll(/^\d+,"=""(\d{6})""",.*,"=""(\d+-\d{4})""",(\S+)\r?$/gm)].map((m) => ({ code: m[1]!, card: m[2]!, link: m[3]! }));
  expect(cards).toHaveLength(t.count);
  return { email: account.email, subdomain: account.subdomain, cards };
}
