import { sql } from 'drizzle-orm';
import { DARSI_TIME_ZONE } from '@shared/dates';
import type { Db } from '@server/core/db/client';
import { rowsOf } from '@server/core/db/sql';
import { isTestPayment } from '@server/revenue';

/** The getting-started steps, in the order a new teacher takes them (issue 24, defect 13). */
const GETTING_STARTED_STEPS = ['landingPage', 'course', 'payments', 'cards', 'student'] as const;
type TStep = (typeof GETTING_STARTED_STEPS)[number];

type TRow = {
  landing_page: boolean;
  course: boolean;
  payments: boolean;
  cards: boolean;
  student: boolean;
  receipts: number;
  code_requests: number;
  messages: number;
  students_today: number;
  revenue_today: number;
  views_today: number;
};

/**
 * What the teacher's overview needs beyond who they are: the getting-started checklist, ticked from real
 * data, never from a flag the teacher sets; what waits for them (transfer receipts, code requests, visitor
 * messages); and the day's numbers on the Algiers clock. Kept apart from teacher-overview.ts, which other
 * work extends. One round trip: every figure is a sub-select on an index that starts with teacher_id.
 */
export async function gettingStarted(db: Db, teacherId: string) {
  const today = (column: string) => sql.raw(`(${column} at time zone '${DARSI_TIME_ZONE}')::date = (now() at time zone '${DARSI_TIME_ZONE}')::date`);
  const [row] = rowsOf<TRow>(
    await db.execute(sql`select
      exists (select 1 from teacher_landing_pages where teacher_id = ${teacherId} and is_published) as landing_page,
      exists (select 1 from courses where teacher_id = ${teacherId}) as course,
      exists (select 1 from teacher_payment_settings where teacher_id = ${teacherId} and (card_enabled or transfer_enabled)) as payments,
      exists (select 1 from code_batches where teacher_id = ${teacherId}) as cards,
      exists (select 1 from teacher_students where teacher_id = ${teacherId}) as student,
      (select count(*)::int from payment_receipts where teacher_id = ${teacherId} and status = 'pending') as receipts,
      (select count(*)::int from code_requests where teacher_id = ${teacherId} and status = 'pending') as code_requests,
      (select count(*)::int from landing_contact_requests where teacher_id = ${teacherId} and handled_at is null) as messages,
      (select count(*)::int from teacher_students where teacher_id = ${teacherId} and ${today('joined_at')}) as students_today,
      (select coalesce(sum(amount_dzd), 0)::int from ledger_entries l where teacher_id = ${teacherId} and ${today('l.created_at')}
         and not ${isTestPayment(sql.raw('l.order_id'))}) as revenue_today,
      (select count(*)::int from landing_page_views where teacher_id = ${teacherId} and day = (now() at time zone ${DARSI_TIME_ZONE})::date) as views_today`),
  );
  const done: Record<TStep, boolean> = {
    landingPage: Boolean(row?.landing_page),
    course: Boolean(row?.course),
    payments: Boolean(row?.payments),
    cards: Boolean(row?.cards),
    student: Boolean(row?.student),
  };
  return {
    steps: GETTING_STARTED_STEPS.map((key) => ({ key, done: done[key] })),
    complete: GETTING_STARTED_STEPS.every((key) => done[key]),
    waiting: { receipts: Number(row?.receipts ?? 0), codeRequests: Number(row?.code_requests ?? 0), messages: Number(row?.messages ?? 0) },
    today: { students: Number(row?.students_today ?? 0), revenueDzd: Number(row?.revenue_today ?? 0), views: Number(row?.views_today ?? 0) },
  };
}
