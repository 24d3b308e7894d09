import type { TLanguage } from '@shared/i18n';
import { coursesText } from '@server/core/i18n';
import { formatDate, toCsv } from '@server/core/csv';
import type { TStudentRow } from './list-students';

const COLUMNS = ['name', 'email', 'course', 'type', 'status', 'daysLeft', 'startedAt', 'expiresAt', 'autoRenew', 'progress', 'totalPaid', 'notes'];

/** The teacher's students as a CSV file, in the teacher's language: the same columns as the list on screen. */
export function studentsCsv(rows: TStudentRow[], l: TLanguage): string {
  const header = COLUMNS.map((k) => coursesText(l, `csv.students.${k}`));
  const lines = rows.map((r) => {
    const e = r.enrollment;
    return [
      r.name,
      r.email,
      e?.courseTitle ?? '',
      e ? coursesText(l, `plans.types.${e.type}`) : '',
      coursesText(l, `subscriptions.status.${e?.status ?? 'none'}`),
      e?.daysLeft ?? '',
      e ? formatDate(l, new Date(e.startedAt)) : '',
      e?.expiresAt ? formatDate(l, new Date(e.expiresAt)) : '',
      e ? coursesText(l, e.autoRenew ? 'csv.yes' : 'csv.no') : '',
      e ? `${e.progress.percent}%` : '',
      e?.totalPaidDzd ?? '',
      e?.notes ?? '',
    ];
  });
  return toCsv(header, lines);
}
