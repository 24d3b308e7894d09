import { z } from 'zod';
import { isCalendarDay } from '../dates';

/* What the analytics pages ask for (issue 27, decision 175): a period of Algiers calendar days and, optionally, one course. */

const ZDay = z.string().refine(isCalendarDay, 'fields.invalid');

/** The longest period one request may cover. */
export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_DEFAULT_DAYS = 30;
/** A student with no progress for this long, before finishing, has stopped. */
export const STOPPED_AFTER_DAYS = 14;
/** Free enrollments by the public page they came from (landing page, course page), paid ones by how they paid. */
export const ENROLLMENT_SOURCES = ['landing', 'course', 'code', 'card', 'transfer', 'teacher'] as const;
export type TEnrollmentSource = (typeof ENROLLMENT_SOURCES)[number];
export const ANALYTICS_TABLES = ['funnel', 'activity', 'subscriptions', 'completion', 'stops', 'video', 'quizzes', 'codes', 'ranges', 'revenue'] as const;
export type TAnalyticsTable = (typeof ANALYTICS_TABLES)[number];

export const ZPeriodQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  courseId: z.uuid('fields.invalid').optional(),
});
export type TPeriodQuery = z.infer<typeof ZPeriodQuery>;
