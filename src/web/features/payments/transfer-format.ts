import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDzd } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import type { TTone } from '@web/components/ui/badge';

/** Amounts and dates in the reader's language; amounts in whole dinars, as the student must transfer them. */
export function useTransferFormat() {
  const { i18n } = useTranslation('transfers');
  const lng = toLanguage(i18n.resolvedLanguage);
  return {
    price: (dzd: number) => formatDzd(lng, dzd),
    dateTime: (iso: string | null | undefined) => formatDateTime(lng, iso, 'long'),
  };
}

const TONES: Record<string, TTone> = { pending: 'blue', awaiting_review: 'amber', paid: 'green', approved: 'green', rejected: 'red' };
export const statusTone = (status: string): TTone => TONES[status] ?? 'gray';
