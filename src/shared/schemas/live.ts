import { z } from 'zod';
import { algiersLocalToDate } from '../courses';
import { isCalendarDay } from '../dates';

/* Live sessions (issue 14). Field messages are keys of the `errors` namespace (errors:fields.*). */
export const MAX_GROUP_NAME_LENGTH = 100;
export const LIVE_DURATION_MIN = 15;
export const LIVE_DURATION_MAX = 480;
export const LIVE_CAPACITY_MAX = 1_000;
/** A weekly series makes at most this many sessions (a school year). */
export const LIVE_MAX_OCCURRENCES = 52;

const ZId = z.uuid('fields.invalid');
const ZTitle = z.string('fields.required').trim().min(1, 'fields.required').max(200, 'fields.titleTooLong');

export const ZGroupInput = z.object({ name: z.string('fields.required').trim().min(1, 'fields.required').max(MAX_GROUP_NAME_LENGTH, 'fields.nameTooLong') });
export type TGroupInput = z.infer<typeof ZGroupInput>;

export const ZGroupMembers = z.object({ studentIds: z.array(z.string().min(1).max(100)).min(1, 'fields.required').max(500, 'fields.tooMany') });
export type TGroupMembers = z.infer<typeof ZGroupMembers>;

/** "2026-03-01T18:30" on the Algiers clock. */
const ZLocalStart = z.string('fields.required').refine((v) => algiersLocalToDate(v) !== null, 'fields.dateTime');

/** A meeting link: https only, kept secret until a student may join. */
const ZMeetingUrl = z
  .string()
  .trim()
  .max(2_000, 'fields.meetingUrl')
  .refine((v) => v === '' || (URL.canParse(v) && new URL(v).protocol === 'https:' && !/\s/.test(v)), 'fields.meetingUrl')
  .transform((v) => (v === '' ? null : v));

const sessionFields = {
  title: ZTitle,
  startsAt: ZLocalStart,
  durationMinutes: z
    .number('fields.liveDuration')
    .int('fields.liveDuration')
    .min(LIVE_DURATION_MIN, 'fields.liveDuration')
    .max(LIVE_DURATION_MAX, 'fields.liveDuration'),
  capacity: z.number('fields.liveCapacity').int('fields.liveCapacity').min(1, 'fields.liveCapacity').max(LIVE_CAPACITY_MAX, 'fields.liveCapacity').nullable(),
  lobby: z.boolean(),
  target: z.enum(['course', 'groups'], 'fields.unknownValue'),
  groupIds: z.array(ZId).max(50, 'fields.tooMany'),
  externalUrl: ZMeetingUrl,
};

const groupsChosen = (v: { target?: string; groupIds?: string[] }) => v.target !== 'groups' || (v.groupIds?.length ?? 0) > 0;

export const ZSessionCreate = z
  .object({
    ...sessionFields,
    courseId: ZId,
    capacity: sessionFields.capacity.default(null),
    lobby: sessionFields.lobby.default(false),
    target: sessionFields.target.default('course'),
    groupIds: sessionFields.groupIds.default([]),
    externalUrl: ZMeetingUrl.default(''),
    /** "YYYY-MM-DD": repeat every week until this day (included); null for one session. */
    repeatWeeklyUntil: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'fields.repeatUntil')
      .nullable()
      .default(null),
  })
  .refine(groupsChosen, { path: ['groupIds'], message: 'fields.liveGroups' });
export type TSessionCreate = z.infer<typeof ZSessionCreate>;

/** Edits one occurrence; a new start is a reschedule (SEQUENCE bumped, the invited told). */
export const ZSessionUpdate = z
  .object(sessionFields)
  .partial()
  .refine(groupsChosen, { path: ['groupIds'], message: 'fields.liveGroups' });
export type TSessionUpdate = z.infer<typeof ZSessionUpdate>;

export const ZSessionsQuery = z.object({
  /** upcoming | past | week (the 7 days from `from`). */
  view: z.enum(['upcoming', 'past', 'week'], 'fields.unknownFilter').default('upcoming'),
  from: z.string().refine(isCalendarDay, 'fields.invalid').optional(),
});

export const ZDevice = z.object({ deviceId: z.string().trim().min(8, 'fields.invalid').max(64, 'fields.invalid') });
/** A heartbeat: the device and, once in an embedded meeting, its occupant id there (to remove it when replaced). */
export const ZLiveHeartbeat = ZDevice.extend({
  participantId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'fields.invalid')
    .optional(),
});
export type TLiveHeartbeat = z.infer<typeof ZLiveHeartbeat>;
