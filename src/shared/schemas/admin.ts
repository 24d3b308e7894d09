import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { PLAN_IDS } from '../plans';
import { ZAdminInvite } from './accounts';

/*
 * Inputs of the admin area (issue 7). Query strings arrive as text: an empty value counts as "no filter",
 * anything else must be one of the known values, or the request is refused with INVALID_FILTER. So must
 * the filter's name: a misspelt `?stauts=active` is refused too, instead of silently listing everything.
 */
export const TEACHER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type TTeacherStatus = (typeof TEACHER_STATUSES)[number];
/** on_trial: the trial runs; ending: it ends within TRIAL_ENDING_DAYS; ended: it is over; none: never had one. */
export const TRIAL_FILTERS = ['on_trial', 'ending', 'ended', 'none'] as const;
export const TRIAL_ENDING_DAYS = 2;
export const INBOX_KINDS = ['contact', 'feedback', 'newsletter'] as const;
export type TInboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_STATES = ['all', 'unhandled', 'handled'] as const;
export const ACTOR_ROLES = ['admin', 'teacher', 'student', 'system'] as const;
export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
export const MAX_TRIAL_EXTENSION_DAYS = 90;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankToUndefined, z.enum(values, 'fields.unknownValue').optional());

const ZSearch = z.preprocess(blankToUndefined, z.string().trim().max(200, 'fields.invalid').optional());

/**
 * A strict query: unknown keys are refused. `lng` is the one key every API accepts (it picks the language
 * of the error messages, src/server/app.ts), so it is allowed and ignored here.
 */
const queryOf = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...shape, lng: z.string().optional() });

/** Page numbers start at 1; a page past the end is simply empty. */
const ZPaging = {
  page: z.preprocess(blankToUndefined, z.coerce.number('fields.invalid').int('fields.invalid').min(1, 'fields.invalid').max(1e9, 'fields.invalid').default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce.number('fields.invalid').int('fields.invalid').min(1, 'fields.invalid').max(MAX_PAGE_SIZE, 'fields.invalid').default(DEFAULT_PAGE_SIZE),
  ),
};

export const ZAdminTeachersQuery = queryOf({
  q: ZSearch,
  status: optionalEnum(TEACHER_STATUSES),
  plan: optionalEnum(PLAN_IDS),
  trial: optionalEnum(TRIAL_FILTERS),
  ...ZPaging,
});
export type TAdminTeachersQuery = z.infer<typeof ZAdminTeachersQuery>;

export const ZAdminInboxQuery = queryOf({ q: ZSearch, state: optionalEnum(INBOX_STATES), ...ZPaging });
export type TAdminInboxQuery = z.infer<typeof ZAdminInboxQuery>;
export const ZAdminInboxExportQuery = queryOf({ q: ZSearch, state: optionalEnum(INBOX_STATES) });

export const ZAdminInboxKind = z.object({ kind: z.enum(INBOX_KINDS, 'fields.unknownValue') });

/**
 * `actor` matches the actor's name or e-mail (or their exact id); `action` is one of the audit actions;
 * `teacher` is a teacher's id: the entries about that teacher's account and platform.
 */
export const ZAdminAuditQuery = queryOf({
  actor: ZSearch,
  teacher: z.preprocess(blankToUndefined, z.uuid('fields.invalid').optional()),
  actorRole: optionalEnum(ACTOR_ROLES),
  action: z.preprocess(blankToUndefined, z.string().max(100).optional()),
  ...ZPaging,
});
export type TAdminAuditQuery = z.infer<typeof ZAdminAuditQuery>;

/** The reason is shown to the teacher when they try to sign in (decision 058); it is cleared on reactivation. */
export const MAX_STATUS_REASON_LENGTH = 500;
export const ZTeacherStatusChange = z.object({
  status: z.enum(TEACHER_STATUSES, 'fields.unknownValue'),
  reason: z.string('fields.wrongType').trim().max(MAX_STATUS_REASON_LENGTH, 'fields.tooLong').optional(),
});
export const ZTeacherPlanChange = z.object({ plan: z.enum(PLAN_IDS, 'fields.unknownValue') });
export const ZTrialExtension = z.object({
  days: z.number('fields.invalid').int('fields.invalid').min(1, 'fields.invalid').max(MAX_TRIAL_EXTENSION_DAYS, 'fields.invalid'),
});
export const ZInboxHandled = z.object({ handled: z.boolean('fields.invalid') });

/**
 * Inviting an admin: the e-mail, and the language the invitation is written in. The invited person's
 * language is unknown, so the form offers the inviting admin's own; without one, the request's language
 * is used (docs/decisions/052-admin-invitations-and-audit-fixes.md).
 */
export const ZAdminInvitation = ZAdminInvite.extend({ language: z.enum(LANGUAGES, 'fields.unknownValue').optional() });
export type TAdminInvitation = z.infer<typeof ZAdminInvitation>;
