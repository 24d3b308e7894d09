import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDzd } from '@shared/format';
import { toLanguage } from '@shared/i18n';

/** Prices in DZD and dates in the reader's language (decision 060's shared formatter). */
export function usePaymentFormat() {
  const { t, i18n } = useTranslation('payments');
  const lng = toLanguage(i18n.resolvedLanguage);
  return {
    price: (dzd: number) => formatDzd(lng, dzd),
    dateTime: (iso: string | null | undefined) => formatDateTime(lng, iso, 'long'),
    plan: (plan: { type: string; durationDays: number | null }) =>
      plan.type === 'custom' ? t('plan.custom', { count: plan.durationDays ?? 0 }) : t(`plan.types.${plan.type}`),
  };
}
