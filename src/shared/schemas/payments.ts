import { z } from 'zod';

/* Payments (issue 13). Field messages are keys of the `errors` namespace (errors:fields.*). */

export const CHARGILY_MODES = ['test', 'live'] as const;
export type TChargilyMode = (typeof CHARGILY_MODES)[number];

/** A pending card checkout is dead after this long (Chargily expires it after 30 minutes). */
export const CARD_CHECKOUT_TTL_MS = 30 * 60_000;

// A Chargily secret key: its mode's prefix, then letters and digits. Empty: keep the key already saved.
const key = (prefix: 'test' | 'live', message: string) =>
  z
    .string()
    .trim()
    .max(200, message)
    .refine((v) => v === '' || new RegExp(`^${prefix}_sk_[A-Za-z0-9]{8,}$`).test(v), message)
    .optional()
    .transform((v) => (v ? v : undefined));

export const ZCardSettingsInput = z.object({
  mode: z.enum(CHARGILY_MODES, 'fields.unknownValue'),
  enabled: z.boolean(),
  testKey: key('test', 'fields.chargilyTestKey'),
  liveKey: key('live', 'fields.chargilyLiveKey'),
});
export type TCardSettingsInput = z.input<typeof ZCardSettingsInput>;

/** Which of the teacher's keys "check connection" tries. */
export const ZCardCheck = z.object({ mode: z.enum(CHARGILY_MODES, 'fields.unknownValue') });

export const ZCardOrderInput = z.object({ courseId: z.uuid('fields.invalid'), planId: z.uuid('fields.invalid') });
export type TCardOrderInput = z.infer<typeof ZCardOrderInput>;
