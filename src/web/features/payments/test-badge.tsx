import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';

/** Test mode is marked wherever a payment shows (issue 13): no real money moved. */
export function TestBadge() {
  const { t } = useTranslation('payments');
  return (
    <Badge tone="amber" testId="test-mode">
      {t('test.badge')}
    </Badge>
  );
}

/** The banner of a test-mode payment: no real money is taken. */
export function TestBanner() {
  const { t } = useTranslation('payments');
  return (
    <p
      role="note"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="test-banner"
    >
      <TestBadge />
      {t('test.banner')}
    </p>
  );
}
