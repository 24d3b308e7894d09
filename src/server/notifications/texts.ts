import type { TLanguage } from '@shared/i18n';
import { localeInstance } from '@server/core/i18n';

/** The notifications' texts, in the recipient's language, from the same files the web reads. */
const i18n = localeInstance(['notifications'], 'notifications');

export function notificationText(lng: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  return i18n.t(key, { lng, ns: 'notifications', ...params });
}
