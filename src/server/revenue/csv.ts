import type { TLanguage } from '@shared/i18n';
import { localDateTime, toCsv } from '@server/core/csv';
import { revenueText } from './text';
import type { TExportRow } from './entries';

const HEADER = ['date', 'kind', 'method', 'amount', 'fees', 'student', 'course', 'confirmedBy', 'note'] as const;

/** The ledger as a spreadsheet (UTF-8 with a BOM, so Excel shows Arabic), Algiers time, integer DZD. */
export function ledgerCsv(rows: TExportRow[], lng: TLanguage): string {
  const t = (key: string) => revenueText(lng, key);
  return toCsv(
    HEADER.map((h) => t(`csv.${h}`)),
    rows.map((r) => [
      localDateTime(r.createdAt),
      t(`kinds.${r.kind}`),
      t(`methods.${r.method}`),
      r.amountDzd,
      r.feesDzd,
      r.studentName ?? '',
      r.courseTitle ?? '',
      r.confirmedBy ?? '',
      [r.test ? t('testMode') : '', r.note ?? ''].filter(Boolean).join(' · '),
    ]),
  );
}
