import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { LANGUAGES } from '../i18n';
import { algerianPhone } from '../phone';
import { subdomainIssue } from '../subdomain';

/*
 * Field messages are translation keys of the `errors` namespace (errors:fields.*); the server sends them
 * translated, the web translates them when it validates before sending.
 */
export const MAX_NAME_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 128;

/**
 * A text field: missing (or null) is "required", while a value of another type, such as `{"email": 5}`,
 * says the type is wrong rather than claiming that nothing was sent.
 */
const text = () => z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'fields.required' : 'fields.wrongType') });

export const ZEmail = text().trim().toLowerCase().min(1, 'fields.required').max(MAX_EMAIL_LENGTH, 'fields.emailTooLong').pipe(z.email('fields.email'));

export const ZName = text().trim().min(1, 'fields.required').max(MAX_NAME_LENGTH, 'fields.nameTooLong');

export const ZPassword = text().min(PASSWORD_MIN_LENGTH, 'fields.passwordTooShort').max(MAX_PASSWORD_LENGTH, 'fields.passwordTooLong');

export const ZSubdomain = text().superRefine((value, ctx) => {
  const issue = subdomainIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', message: `subdomain.${issue}` });
});

/** A teacher platform named in the path (/platform/{subdomain}/…) rather than by the host. */
const ZPlatform = z
  .string()
  .max(63)
  .regex(/^[a-z0-9-]+$/)
  .optional();

export const ZTeacherRegister = z.object({ name: ZName, email: ZEmail, subdomain: ZSubdomain, password: ZPassword });
export type TTeacherRegister = z.infer<typeof ZTeacherRegister>;

/** An optional Algerian phone number: empty means none; anything else must be valid and is stored as E.164. */
export const ZOptionalPhone = z
  .string('fields.wrongType')
  .trim()
  .max(32, 'fields.phone')
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const phone = algerianPhone(value);
    if (!phone) ctx.addIssue({ code: 'custom', message: 'fields.phone' });
    return phone ?? undefined;
  });

/**
 * Where a sign-up was going (a course's payment page): a path on the same host, carried into the verification
 * link so that confirming the address leads back there (issue 24). Anything else is refused, not followed.
 */
// eslint-disable-next-line no-control-regex
const RETURN_PATH = /^\/(?![/\\])[^\u0000-\u001f\\]*$/;
const ZReturnPath = z.string().max(500).regex(RETURN_PATH).optional();
export const ZStudentRegister = z.object({
  name: ZName,
  email: ZEmail,
  password: ZPassword,
  phone: ZOptionalPhone,
  platform: ZPlatform,
  redirectTo: ZReturnPath,
});
export type TStudentRegister = z.infer<typeof ZStudentRegister>;

export const ZLogin = z.object({
  email: ZEmail,
  password: text().min(1, 'fields.required').max(MAX_PASSWORD_LENGTH, 'fields.passwordTooLong'),
  platform: ZPlatform,
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZForgotPassword = z.object({ email: ZEmail, platform: ZPlatform });
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

export const ZResetPassword = z.object({ token: z.string().min(8).max(512), password: ZPassword });
export type TResetPassword = z.infer<typeof ZResetPassword>;

/** An account locked by wrong passwords (decision 008): its owner asks for a link, then uses it (decision 110). */
export const ZUnlockRequest = z.object({ email: ZEmail });
export type TUnlockRequest = z.infer<typeof ZUnlockRequest>;
export const ZUnlockAccount = z.object({ token: z.string().min(8).max(1024) });
export type TUnlockAccount = z.infer<typeof ZUnlockAccount>;

export const ZChangePassword = z.object({
  currentPassword: text().min(1, 'fields.required').max(MAX_PASSWORD_LENGTH),
  newPassword: ZPassword,
});
export type TChangePassword = z.infer<typeof ZChangePassword>;

export const ZProfileUpdate = z.object({ name: ZName, language: z.enum(LANGUAGES).optional() });
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** The ways a teacher's students may reach them to buy a card (decision 057); each is optional. */
export const ZTeacherContact = z.object({ phone: ZOptionalPhone, whatsapp: ZOptionalPhone, emailShown: z.boolean('fields.invalid') });
export type TTeacherContact = z.infer<typeof ZTeacherContact>;

export const ZChangeEmail = z.object({ email: ZEmail });
export type TChangeEmail = z.infer<typeof ZChangeEmail>;

export const ZAdminRegister = z.object({ name: ZName, email: ZEmail, password: ZPassword, token: z.string().min(16).max(512) });
export type TAdminRegister = z.infer<typeof ZAdminRegister>;

export const ZAdminInvite = z.object({ email: ZEmail });

export const ZSubdomainQuery = z.object({ subdomain: z.string().max(100) });

/** Where each kind of account lands after logging in (spec §4, §7.4). */
export type TLoginResult = {
  kind: 'teacher' | 'student' | 'admin';
  redirectTo: string;
  steps: string[];
};
