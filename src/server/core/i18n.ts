import fs from 'node:fs';
import i18next, { type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import type { TErrorCode } from '@shared/errors';
import { formatDzd } from '@shared/format';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type TLanguage } from '@shared/i18n';
import { appPath } from './app-root';

/**
 * An i18next instance over some namespaces of the same files the web loads, so each text exists once per
 * language. They ship with the build and never change while the server runs, so they are read once, at
 * once. Interpolation is not escaped: React escapes what it renders, and HTML written by hand escapes itself.
 */
export function localeInstance(namespaces: readonly string[], defaultNS: string): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS,
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, Object.fromEntries(namespaces.map((ns) => [ns, readNamespace(lng, ns)]))])) as Resource,
  });
  // `{{price, dzd}}` in a text: the amount through the one number formatter ("3.000 دج", decision 121).
  instance.services.formatter?.add('dzd', (value: unknown, lng: string | undefined) => formatDzd(toLanguage(lng), Number(value)));
  return instance;
}

function readNamespace(lng: TLanguage, ns: string): ResourceLanguage {
  return JSON.parse(fs.readFileSync(appPath('public/locales', lng, `${ns}.json`), 'utf8')) as ResourceLanguage;
}

/** Error messages, e-mails, and the texts of code and student exports. */
const i18n = localeInstance(['errors', 'emails', 'courses'], 'errors');

/** A text of the `courses` namespace (exports: CSV headers, states, printable cards). */
export function coursesText(lng: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  return i18n.t(key, { lng, ns: 'courses', ...params });
}

/**
 * The parameter an error message counts (minutes, a limit…): passed to i18next as `count` too, so that the
 * message takes its plural form (Arabic has six: "بعد دقيقة واحدة", "بعد 3 دقائق", "بعد 15 دقيقة").
 */
const COUNTED_PARAMS = ['minutes', 'max', 'limit'] as const;

export function errorMessage(lng: TLanguage, code: TErrorCode, params?: Record<string, string | number>): string {
  const counted = COUNTED_PARAMS.map((name) => params?.[name]).find((v) => typeof v === 'number');
  return i18n.t(`codes.${code}`, { lng, ...params, ...(counted === undefined ? {} : { count: counted }) });
}

export type TEmailTemplate =
  'verifyEmail' | 'resetPassword' | 'unlockAccount' | 'changeEmail' | 'adminInvitation' | 'newsletterUnsubscribe' | 'newsletterResubscribe';

export function emailText(lng: TLanguage, template: TEmailTemplate, params: Record<string, string>) {
  return {
    subject: i18n.t(`${template}.subject`, { lng, ns: 'emails', ...params }),
    text: i18n.t(`${template}.body`, { lng, ns: 'emails', ...params }),
  };
}

/** Field messages are `errors` keys (fields.*, subdomain.*); anything else (zod's own text) becomes generic. */
export function fieldMessage(lng: TLanguage, key: string): string {
  return i18n.t(/^(fields|subdomain)\.\w+$/.test(key) ? key : 'fields.invalid', { lng, ns: 'errors' });
}
