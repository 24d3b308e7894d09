import { eq } from 'drizzle-orm';
import { toLanguage, directionOf } from '@shared/i18n';
import { isNotificationKind } from '@shared/notifications';
import { user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TNotificationsDeps } from './deps';
import { validSignature } from './links';
import { stopEmails } from './preferences';
import { notificationText } from './texts';

/*
 * The unsubscribe link of every notification e-mail (decision 148). Opening it shows a page with one button:
 * mail scanners that open links must not unsubscribe anybody, so the change is a POST of that page's form.
 */
export type TUnsubscribe = { u: string; k: string; s: string };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function checked(deps: TNotificationsDeps, input: TUnsubscribe) {
  if (!isNotificationKind(input.k) || !validSignature(deps.secret, input.u, input.k, input.s)) throw new AppError('NOT_FOUND');
  const [who] = await deps.db.select({ language: user.language }).from(user).where(eq(user.id, input.u));
  if (!who) throw new AppError('NOT_FOUND');
  return { kind: input.k, lng: toLanguage(who.language) };
}

function page(lng: ReturnType<typeof toLanguage>, body: string): string {
  const title = escape(notificationText(lng, 'unsubscribe.title'));
  return `<!doctype html><html lang="${lng}" dir="${directionOf(lng)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${title}</h1>${body}</body></html>`;
}

export async function unsubscribePage(deps: TNotificationsDeps, input: TUnsubscribe): Promise<string> {
  const { kind, lng } = await checked(deps, input);
  const name = notificationText(lng, `kinds.${kind}.name`);
  const fields = (['u', 'k', 's'] as const).map((f) => `<input type="hidden" name="${f}" value="${escape(input[f])}">`).join('');
  return page(
    lng,
    `<p>${escape(notificationText(lng, 'unsubscribe.question', { kind: name }))}</p><form method="post" action="/api/notifications/unsubscribe">${fields}<button type="submit">${escape(notificationText(lng, 'unsubscribe.confirm'))}</button></form>`,
  );
}

export async function unsubscribe(deps: TNotificationsDeps, input: TUnsubscribe): Promise<string> {
  const { kind, lng } = await checked(deps, input);
  await stopEmails(deps, input.u, kind);
  return page(lng, `<p>${escape(notificationText(lng, 'unsubscribe.done', { kind: notificationText(lng, `kinds.${kind}.name`) }))}</p>`);
}
