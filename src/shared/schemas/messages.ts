import { z } from 'zod';

/** A message's text (issue 26): plain text, at most 4,000 characters. */
export const ZMessageInput = z.object({ body: z.string().trim().min(1, 'fields.required').max(4000, 'fields.tooLong') });

/**
 * Who a broadcast goes to: every student, one course's subscribers, one plan's subscribers, a live group's members,
 * the students with or without a running subscription.
 */
export const BROADCAST_AUDIENCES = ['all', 'course', 'plan', 'group', 'active', 'expired'] as const;
export const ZBroadcastInput = z.object({
  audience: z.enum(BROADCAST_AUDIENCES),
  courseId: z.uuid('fields.invalid').optional(),
  planId: z.uuid('fields.invalid').optional(),
  groupId: z.uuid('fields.invalid').optional(),
  body: z.string().trim().min(1, 'fields.required').max(4000, 'fields.tooLong'),
});
export type TBroadcastInput = z.infer<typeof ZBroadcastInput>;

/** Feedback to Darsi from the teacher's dashboard: the spec's fields (§3, §5), the site form's rules. */
export const FEEDBACK_STATUSES = ['new', 'reviewing', 'planned', 'done', 'declined'] as const;
export const ZFeedbackAnswer = z.object({ status: z.enum(FEEDBACK_STATUSES), answer: z.string().trim().max(4000, 'fields.tooLong').optional() });
export type TFeedbackAnswer = z.infer<typeof ZFeedbackAnswer>;
