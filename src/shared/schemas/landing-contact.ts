import { z } from 'zod';
import { LANDING_LIMITS, PHONE, requiredText } from './landing';

/** Spec §3 contact form. `website` is a honeypot: people never see it, bots fill it in. */
export const ZContactRequest = z.object({
  name: requiredText(LANDING_LIMITS.short),
  email: z.string('fields.required').trim().max(254, 'fields.emailTooLong').pipe(z.email('fields.email')),
  phone: z.union([z.literal(''), z.string().trim().regex(PHONE, 'fields.phone')]).optional(),
  subject: requiredText(LANDING_LIMITS.short),
  message: requiredText(5_000),
  website: z.string().max(500).optional(),
});
export type TContactRequestInput = z.infer<typeof ZContactRequest>;

export type TContactRequest = {
  id: string;
  page_id: string | null;
  page_title: string | null;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  handled: boolean;
  created_at: string;
};
