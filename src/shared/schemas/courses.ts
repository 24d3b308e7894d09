import { z } from 'zod';
import { OFFLINE_MAX_DAYS, OFFLINE_MAX_DEVICES } from './offline';
import { VIDEO_DATA_SAVER_MODES } from './video';
import { algiersLocalToDate, BATCH_MAX, BATCH_MIN, CODE_MAX_USES, COURSE_KINDS, LESSON_TYPES, PLAN_TYPES, SUBSCRIPTION_STATUSES } from '../courses';

/* Field messages are keys of the `errors` namespace (errors:fields.*), as in ./accounts.ts. */
export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5_000;
export const MAX_LESSON_HTML_LENGTH = 200_000;
export const MAX_NOTES_LENGTH = 2_000;
export const MAX_PRICE_DZD = 10_000_000;
export const MAX_PLANS = 10;

const ZId = z.uuid('fields.invalid');
const ZTitle = z.string('fields.required').trim().min(1, 'fields.required').max(MAX_TITLE_LENGTH, 'fields.titleTooLong');
const ZDescription = z.string().trim().max(MAX_DESCRIPTION_LENGTH, 'fields.descriptionTooLong');

export const ZCourseKind = z.enum(COURSE_KINDS, 'fields.unknownValue');
export const ZPlanType = z.enum(PLAN_TYPES, 'fields.unknownValue');
export const ZLessonType = z.enum(LESSON_TYPES, 'fields.unknownValue');

export const ZCourseCreate = z.object({ title: ZTitle, description: ZDescription.default(''), kind: ZCourseKind });
export type TCourseCreate = z.infer<typeof ZCourseCreate>;

export const ZCourseUpdate = z.object({
  title: ZTitle.optional(),
  description: ZDescription.optional(),
  kind: ZCourseKind.optional(),
  status: z.enum(['draft', 'published', 'archived'], 'fields.unknownValue').optional(),
  videoDataSaver: z.enum(VIDEO_DATA_SAVER_MODES, 'fields.unknownValue').optional(),
  /** Offline lessons (decision 192): licence days, 0 = downloads off, and devices per student. */
  offlineDays: z.number().int().min(0, 'fields.invalid').max(OFFLINE_MAX_DAYS, 'fields.invalid').optional(),
  offlineDevices: z.number().int().min(1, 'fields.invalid').max(OFFLINE_MAX_DEVICES, 'fields.invalid').optional(),
});
export type TCourseUpdate = z.infer<typeof ZCourseUpdate>;

export const ZPlanInput = z
  .object({
    id: ZId.optional(),
    type: ZPlanType,
    priceDzd: z.number('fields.price').int('fields.price').min(0, 'fields.price').max(MAX_PRICE_DZD, 'fields.price'),
    durationDays: z.number().int('fields.durationDays').min(1, 'fields.durationDays').max(3_650, 'fields.durationDays').nullable().default(null),
    autoRenew: z.boolean().default(false),
  })
  .superRefine((plan, ctx) => {
    if (plan.type === 'custom' && plan.durationDays === null) ctx.addIssue({ code: 'custom', path: ['durationDays'], message: 'fields.durationDays' });
    if (plan.type === 'free' && plan.priceDzd !== 0) ctx.addIssue({ code: 'custom', path: ['priceDzd'], message: 'fields.freePrice' });
    if (plan.type !== 'free' && plan.priceDzd === 0) ctx.addIssue({ code: 'custom', path: ['priceDzd'], message: 'fields.price' });
  });
export type TPlanInput = z.infer<typeof ZPlanInput>;

export const ZPlansPut = z.object({ plans: z.array(ZPlanInput).max(MAX_PLANS, 'fields.tooMany') });

export const ZSectionInput = z.object({ title: ZTitle });

/** A release date-time as typed in a datetime-local field, on the Algiers clock; null clears it. */
const ZReleaseAt = z
  .string()
  .nullable()
  .refine((v) => v === null || algiersLocalToDate(v) !== null, 'fields.dateTime');

const ZLessonUrl = z
  .string()
  .trim()
  .max(2_000, 'fields.url')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'fields.url');

export const ZLessonCreate = z.object({
  sectionId: ZId,
  title: ZTitle,
  type: ZLessonType,
  bodyHtml: z.string().max(MAX_LESSON_HTML_LENGTH, 'fields.bodyTooLong').default(''),
  url: ZLessonUrl.default(''),
  releaseAt: ZReleaseAt.default(null),
  /** Open to visitors on the course's public page (issue 15). */
  freePreview: z.boolean().optional(),
});
export type TLessonCreate = z.infer<typeof ZLessonCreate>;

export const ZLessonUpdate = z.object({
  title: ZTitle.optional(),
  type: ZLessonType.optional(),
  bodyHtml: z.string().max(MAX_LESSON_HTML_LENGTH, 'fields.bodyTooLong').optional(),
  url: ZLessonUrl.optional(),
  releaseAt: ZReleaseAt.optional(),
  freePreview: z.boolean().optional(),
});
export type TLessonUpdate = z.infer<typeof ZLessonUpdate>;

/** The whole outline after a drag and drop: sections in order, each with its lessons in order. */
export const ZCourseOrder = z.object({
  sections: z.array(z.object({ id: ZId, lessonIds: z.array(ZId).max(1_000) })).max(200),
});
export type TCourseOrder = z.infer<typeof ZCourseOrder>;

export const ZBatchCreate = z.object({
  courseId: ZId,
  planId: ZId,
  count: z.number('fields.batchSize').int('fields.batchSize').min(BATCH_MIN, 'fields.batchSize').max(BATCH_MAX, 'fields.batchSize'),
  maxUses: z.number('fields.maxUses').int('fields.maxUses').min(1, 'fields.maxUses').max(CODE_MAX_USES, 'fields.maxUses').default(1),
  /** End of validity: an ISO instant, or a day (YYYY-MM-DD) that lasts until 23:59 in Algiers. */
  validUntil: z.string('fields.required').refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) || !Number.isNaN(Date.parse(v)), 'fields.dateTime'),
  /** Access each redemption grants; null takes the plan's own duration. */
  accessDays: z.number().int('fields.accessDays').min(1, 'fields.accessDays').max(3_650, 'fields.accessDays').nullable().default(null),
  /** Codes work only once the teacher marks them sold (docs/decisions/031-code-brute-force-budgets.md). */
  activateOnSale: z.boolean().default(false),
});
export type TBatchCreate = z.infer<typeof ZBatchCreate>;

export const ZRedeem = z.object({
  code: z.string('fields.required').min(1, 'fields.required').max(40, 'fields.codeFormat'),
  /** The card number printed on the card (`12-0137`, decision 105); cards printed before it go without. */
  card: z.string().max(40, 'fields.cardNumber').optional(),
  platform: z
    .string()
    .max(63)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});
export type TRedeem = z.infer<typeof ZRedeem>;

/** A card's QR link (decision 106): the token from the link's fragment, sent in the body, never in a path. */
export const ZRedeemLink = z.object({
  token: z
    .string('fields.required')
    .min(20, 'fields.invalid')
    .max(100, 'fields.invalid')
    .regex(/^[A-Za-z0-9_-]+$/, 'fields.invalid'),
  platform: z
    .string()
    .max(63)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});
export type TRedeemLink = z.infer<typeof ZRedeemLink>;

/** The waiting-codes e-mail's link (decision 137): its token, read from the page address's fragment. */
export const ZWaitingLink = z.object({
  token: z
    .string('fields.required')
    .min(20, 'fields.invalid')
    .max(300, 'fields.invalid')
    .regex(/^[A-Za-z0-9_.-]+$/, 'fields.invalid'),
});
/** Confirm all waiting codes: those the e-mail's link names (with its token), or every one waiting now. */
export const ZConfirmWaiting = z.object({ token: ZWaitingLink.shape.token.optional() });

/** Cards marked sold (or back to unsold) at once: a range of card numbers, or the cards ticked on the page. */
export const ZCodeSale = z.union([
  z
    .object({
      from: z.number('fields.serial').int('fields.serial').min(1, 'fields.serial').max(BATCH_MAX, 'fields.serial'),
      to: z.number('fields.serial').int('fields.serial').min(1, 'fields.serial').max(BATCH_MAX, 'fields.serial'),
    })
    .refine((r) => r.from <= r.to, { path: ['to'], message: 'fields.serialRange' }),
  z.object({ codeIds: z.array(z.uuid('fields.invalid')).min(1, 'fields.required').max(200, 'fields.invalid') }),
]);
export type TCodeSale = z.infer<typeof ZCodeSale>;

/** An amount the teacher received, in whole dinars. */
const ZPaidDzd = z.number('fields.paidDzd').int('fields.paidDzd').min(0, 'fields.paidDzd').max(MAX_PRICE_DZD, 'fields.paidDzd');

export const ZEnroll = z.object({
  studentId: z.string().min(1).max(100),
  courseId: ZId,
  planId: ZId,
  autoRenew: z.boolean().optional(),
  notes: z.string().trim().max(MAX_NOTES_LENGTH, 'fields.notesTooLong').optional(),
  /** What the student paid for this enrolment; without it, the plan's price. */
  paidDzd: ZPaidDzd.optional(),
});
export type TEnroll = z.infer<typeof ZEnroll>;

export const ZChangePlan = z.object({
  planId: ZId,
  /** true: the expiry is recalculated from today with the new plan; false: it is kept. */
  recalculate: z.boolean(),
  autoRenew: z.boolean().optional(),
  notes: z.string().trim().max(MAX_NOTES_LENGTH, 'fields.notesTooLong').optional(),
  /** What the student paid for the change (added to the total paid); without it, nothing. */
  paidDzd: ZPaidDzd.optional(),
});
export type TChangePlan = z.infer<typeof ZChangePlan>;

const ZPage = z.coerce.number().int().min(1).max(100_000).default(1);

/**
 * Where a page of the teacher's student list starts (keyset pagination, decision 225): the sort key of the row
 * just before it (`after`) or just after it (`before`), as the list gave it in `nextCursor` / `prevCursor`:
 * microseconds since 1970, the enrollment's id (all zeros for a student without one), the student's id.
 */
const ZListCursor = z
  .string()
  .regex(/^\d{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\..{1,100}$/, 'fields.invalid')
  .transform((text) => {
    const [micros = '', enrollmentId = '', ...rest] = text.split('.');
    return { micros, enrollmentId, studentId: rest.join('.') };
  });
export type TListCursor = z.output<typeof ZListCursor>;

export const ZStudentsQuery = z.object({
  courseId: ZId.optional(),
  status: z.enum([...SUBSCRIPTION_STATUSES, 'none'], 'fields.unknownValue').optional(),
  type: ZPlanType.optional(),
  q: z.string().trim().max(200).optional(),
  after: ZListCursor.optional(),
  before: ZListCursor.optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TStudentsQuery = z.infer<typeof ZStudentsQuery>;

export const CODE_STATES = ['unused', 'sold', 'redeemed', 'expired', 'revoked'] as const;
export type TCodeState = (typeof CODE_STATES)[number];

export const ZCodesQuery = z.object({
  state: z.enum(CODE_STATES, 'fields.unknownValue').optional(),
  /** The number printed on the card (1…batch size): finds one card among several ending in the same two digits. */
  serial: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number('fields.serial').int('fields.serial').min(1, 'fields.serial').max(BATCH_MAX, 'fields.serial').optional(),
  ),
  page: ZPage,
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TCodesQuery = z.infer<typeof ZCodesQuery>;

export const CODE_REQUEST_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export const ZCodeRequestsQuery = z.object({ status: z.enum(CODE_REQUEST_STATUSES, 'fields.unknownValue').default('pending'), page: ZPage });
export type TCodeRequestsQuery = z.infer<typeof ZCodeRequestsQuery>;

export const ZBatchesQuery = z.object({ courseId: ZId.optional(), page: ZPage });

export const ZPlatformQuery = z.object({
  platform: z
    .string()
    .max(63)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});
