import { createEvents, type EventAttributes } from 'ics';

/*
 * Calendar files for invitations, changes and cancellations (RFC 5545 through the `ics` package). Each
 * occurrence keeps one UID for its whole life; SEQUENCE grows with every change, and a cancellation is the
 * same UID with METHOD:CANCEL, so that calendar programs update or remove the event instead of adding one.
 */

export type TCalendarSession = { id: string; title: string; description: string; url: string; startsAt: Date; durationMinutes: number; sequence: number };

export const eventUid = (sessionId: string) => `live-${sessionId}@darsi`;

export function calendarFile(sessions: TCalendarSession[], method: 'REQUEST' | 'CANCEL'): string {
  const events: EventAttributes[] = sessions.map((s) => ({
    uid: eventUid(s.id),
    sequence: s.sequence,
    start: s.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: s.durationMinutes },
    title: s.title,
    description: s.description,
    url: s.url,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    ...(method === 'CANCEL' ? {} : { alarms: [{ action: 'display', description: s.title, trigger: { minutes: 15, before: true } }] }),
  }));
  const { error, value } = createEvents(events, { method, productId: 'darsi/live' });
  if (error || !value) throw error ?? new Error('calendar file not built');
  return value;
}
