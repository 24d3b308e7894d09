import type { TNotificationKind } from '@shared/notifications';

/*
 * How a domain tells people that something happened (issue 26) without importing the notifications domain:
 * services.ts hands each domain the notifications domain's `notify` as this function. `eventKey` names the
 * event; the same key never notifies the same person twice.
 */
export type TNotifyEvent = {
  /** The tenant the event belongs to; null for Darsi's own notices (admins). */
  teacherId: string | null;
  kind: TNotificationKind;
  eventKey: string;
  /** Also the teacher's own account. */
  toTeacher?: boolean;
  /** User ids (a student's id is their user id). */
  users?: string[];
  params?: Record<string, string | number>;
  /** An app path: /teacher/… for the teacher, /student/dashboard/… for a student (the web keeps them in their platform). */
  link?: string | null;
  /** The domain sends its own e-mail for this event (codes, receipts, payments, live sessions): in the app only. */
  ownEmail?: boolean;
  /** A different link for the teacher when a student gets one too. */
  teacherLink?: string | null;
  /**
   * The event may have been cut short before (a job run again): e-mails are queued for its rows that already exist
   * too, not only the new ones; each e-mail's claim still sends it once.
   */
  resume?: boolean;
};

export type TNotify = (event: TNotifyEvent) => Promise<void>;
