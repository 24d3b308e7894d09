import fs from 'node:fs';
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import type { TErrorCode } from '../shared/errors';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '../shared/i18n';
import { appPath } from './app-root';

const SERVER_NAMESPACES = ['errors', 'emails'] as const;

/**
 * The server translates error messages and e-mails from the same files the web loads, so each text
 * exists once per language. They ship with the build and never change while the server runs.
 */
const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...SERVER_NAMESPACES],
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    LANGUAGES.map((lng) => [lng, Object.fromEntries(SERVER_NAMESPACES.map((ns) => [ns, readNamespace(lng, ns)]))]),
  ) as Resource,
});

function readNamespace(lng: TLanguage, ns: string): ResourceLanguage {
  return JSON.parse(fs.readFileSync(appPath('public/locales', lng, `${ns}.json`), 'utf8')) as ResourceLanguage;
}

export function errorMessage(lng: TLanguage, code: TErrorCode, params?: Record<string, string | number>): string {
  return i18n.t(`codes.${code}`, { lng, ...params });
}

export type TEmailTemplate = 'verifyEmail' | 'resetPassword' | 'changeEmail' | 'adminInvitation' | 'newsletterUnsubscribe' | 'newsletterResubscribe';

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
