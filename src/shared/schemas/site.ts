import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from './accounts';

/*
 * Darsi's public-site forms (spec §3 contact form, feedback submission, newsletter; §5 rules). Messages
 * are keys of the `errors` namespace, translated by the server. `website` is a honeypot: people never
 * see it, so a value means a bot.
 */
export const FEEDBACK_CATEGORIES = ['suggestion', 'feature', 'feedback'] as const;

export const SUBJECT_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 5_000;
export const PHONE_MAX_LENGTH = 20;

const ZHoneypot = z.string().max(500).optional();

const ZRequiredEmail = z
  .string('fields.required')
  .trim()
  .toLowerCase()
  .min(1, 'fields.required')
  .max(MAX_EMAIL_LENGTH, 'fields.emailTooLong')
  .pipe(z.email('fields.email'));

/** Optional e-mail: an empty box means none. */
const ZOptionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, 'fields.emailTooLong')
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.email('fields.email').optional());

/** Spec §5: optional, shaped like +213 followed by digits; spaces and dashes are allowed while typing. */
const ZPhone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH * 2, 'fields.phone')
  .optional()
  .transform((v) => (v ? v.replace(/[\s-]/g, '') : undefined))
  .pipe(
    z
      .string()
      .regex(/^\+?\d{6,15}$/, 'fields.phone')
      .optional(),
  );

const requiredText = (max: number, tooLong: string) => z.string('fields.required').trim().min(1, 'fields.required').max(max, tooLong);

export const ZContactMessage = z.object({
  name: requiredText(MAX_NAME_LENGTH, 'fields.nameTooLong'),
  email: ZRequiredEmail,
  phone: ZPhone,
  subject: requiredText(SUBJECT_MAX_LENGTH, 'fields.subjectTooLong'),
  message: requiredText(MESSAGE_MAX_LENGTH, 'fields.messageTooLong'),
  website: ZHoneypot,
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZFeedbackSubmission = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, 'fields.category'),
  title: z.string().trim().max(SUBJECT_MAX_LENGTH, 'fields.subjectTooLong').optional(),
  // Spec §5: the one message an empty feedback gets.
  text: z.string('fields.feedbackRequired').trim().min(1, 'fields.feedbackRequired').max(MESSAGE_MAX_LENGTH, 'fields.messageTooLong'),
  email: ZOptionalEmail,
  website: ZHoneypot,
});
export type TFeedbackSubmission = z.infer<typeof ZFeedbackSubmission>;

export const ZNewsletterSignup = z.object({ email: ZRequiredEmail, website: ZHoneypot });
export type TNewsletterSignup = z.infer<typeof ZNewsletterSignup>;
