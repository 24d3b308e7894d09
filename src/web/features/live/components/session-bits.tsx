import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { timeLeft } from '@web/lib/countdown';

/** "Tuesday 1 December 2026, 18:00 · 90 minutes (Algiers time)". */
export function SessionWhen({ startsAt, minutes }: { startsAt: string; minutes: number }) {
  const { t, i18n } = useTranslation('live');
  return (
    <p className="text-sm text-gray-700" data-testid="session-when">
      {t('when', { date: formatDateTime(toLanguage(i18n.resolvedLanguage), startsAt, 'long'), count: minutes })}
    </p>
  );
}

export function Countdown({ target, now, label }: { target: string; now: number; label: string }) {
  const { t } = useTranslation('live');
  const left = timeLeft(target, now);
  return (
    <p className="text-lg font-bold text-gray-900" data-testid="countdown" role="timer" aria-live="off">
      {label} <bdi dir="ltr">{left.days > 0 ? t('countdownDays', { count: left.days, clock: left.clock }) : left.clock}</bdi>
    </p>
  );
}
