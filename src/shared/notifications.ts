/*
 * The kinds of notifications (issue 26) and who gets which: the preferences screen lists a person's kinds, the
 * server checks a kind before it stores a choice. Texts are `notifications:kinds.{kind}.*` in every language.
 */
export const TEACHER_KINDS = ['codeRequest', 'enrollment', 'receipt', 'cardPayment', 'message', 'subscriptionEnding', 'feedbackAnswered', 'billing'] as const;
export const STUDENT_KINDS = [
  'codeDecided',
  'receiptDecided',
  'cardPayment',
  'liveSession',
  'subscriptionEnding',
  'message',
  'broadcast',
  'quizGraded',
] as const;
export const ADMIN_KINDS = ['feedback'] as const;

export const NOTIFICATION_KINDS = [...new Set([...TEACHER_KINDS, ...STUDENT_KINDS, ...ADMIN_KINDS])];
export type TNotificationKind = (typeof TEACHER_KINDS)[number] | (typeof STUDENT_KINDS)[number] | (typeof ADMIN_KINDS)[number];

/** How a person wants a kind by e-mail: not at all, at once, or once a day with the others. */
export const EMAIL_MODES = ['off', 'instant', 'digest'] as const;
export type TEmailMode = (typeof EMAIL_MODES)[number];

export function isNotificationKind(value: string): value is TNotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** The path of the notification stream (server-sent events), exempt from the overload guard's slots. */
export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream';
