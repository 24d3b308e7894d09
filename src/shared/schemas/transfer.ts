import { z } from 'zod';
import { algerianPhone } from '../phone';

/*
 * Transfers paid outside Darsi (CCP, BaridiMob, bank) and their receipts (issue 13, decision 092). The account
 * numbers are checked for their shape only: Algérie Poste publishes no check-digit rule Darsi could rely on, and
 * a wrong digit is caught by the teacher, who sees the receipt before approving it.
 */

export const TRANSFER_METHODS = ['ccp', 'baridimob', 'bank'] as const;
export type TTransferMethod = (typeof TRANSFER_METHODS)[number];

/** A receipt is a photo or screenshot (JPEG, PNG, WebP) or a PDF, at most this size. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

/** Digits only: "0012 3456 78" and "0012-3456-78" are the same number. */
const digits = (value: string) => value.replace(/[\s.-]/g, '');

const optionalText = (max: number) =>
  z
    .string('fields.wrongType')
    .trim()
    .max(max, 'fields.tooLong')
    .optional()
    .transform((v) => v || null);

const optionalDigits = (pattern: RegExp, message: string) =>
  z
    .string('fields.wrongType')
    .max(40, message)
    .optional()
    .transform((value, ctx) => {
      const clean = digits(value ?? '');
      if (!clean) return null;
      if (!pattern.test(clean)) ctx.addIssue({ code: 'custom', message });
      return clean;
    });

const optionalPhone = z
  .string('fields.wrongType')
  .trim()
  .max(32, 'fields.phone')
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const phone = algerianPhone(value);
    if (!phone) ctx.addIssue({ code: 'custom', message: 'fields.phone' });
    return phone;
  });

/** The teacher's account details; each method is offered only when its details are complete. */
export const ZTransferSettings = z
  .object({
    transferEnabled: z.boolean('fields.invalid'),
    ccpHolder: optionalText(120),
    // A CCP account number has up to 10 digits; its key (clé) has 2.
    ccpNumber: optionalDigits(/^\d{1,10}$/, 'fields.ccpNumber'),
    ccpKey: optionalDigits(/^\d{2}$/, 'fields.ccpKey'),
    // The RIP (relevé d'identité postal) is 20 digits: 007 99999, the account on 10 digits, a 2-digit key.
    rip: optionalDigits(/^\d{20}$/, 'fields.rip'),
    baridimobNumber: optionalPhone,
    bankName: optionalText(120),
    bankHolder: optionalText(120),
    // A bank RIB is 20 digits in Algeria; spaces are kept out.
    bankAccount: optionalDigits(/^\d{20}$/, 'fields.rib'),
  })
  .superRefine((s, ctx) => {
    // A CCP number without its key (or the other way round) cannot be paid into.
    if (Boolean(s.ccpNumber) !== Boolean(s.ccpKey)) ctx.addIssue({ code: 'custom', path: [s.ccpNumber ? 'ccpKey' : 'ccpNumber'], message: 'fields.ccpPair' });
    if (s.transferEnabled && availableMethods(s).length === 0) ctx.addIssue({ code: 'custom', path: ['transferEnabled'], message: 'fields.transferNoMethod' });
  });
export type TTransferSettings = z.output<typeof ZTransferSettings>;

type TDetails = Pick<TTransferSettings, 'ccpHolder' | 'ccpNumber' | 'ccpKey' | 'rip' | 'baridimobNumber' | 'bankName' | 'bankHolder' | 'bankAccount'>;

/** The methods whose details are complete enough for a student to pay into. */
export function availableMethods(s: TDetails): TTransferMethod[] {
  const methods: TTransferMethod[] = [];
  if (s.ccpHolder && s.ccpNumber && s.ccpKey) methods.push('ccp');
  // BaridiMob pays into a RIP; the phone number is how the student reaches the teacher about it.
  if (s.ccpHolder && s.rip) methods.push('baridimob');
  if (s.bankHolder && s.bankName && s.bankAccount) methods.push('bank');
  return methods;
}

export const ZTransferOrderCreate = z.object({
  courseId: z.uuid('fields.invalid'),
  planId: z.uuid('fields.invalid'),
  method: z.enum(TRANSFER_METHODS, 'fields.unknownValue'),
});
export type TTransferOrderCreate = z.infer<typeof ZTransferOrderCreate>;

export const ZReceiptReject = z.object({ reason: z.string('fields.wrongType').trim().min(3, 'fields.rejectReason').max(500, 'fields.tooLong') });

export const ZReceiptInboxQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected'], 'fields.unknownFilter').default('pending') });
