import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Badge } from '@web/components/ui/badge';
import { buttonClass } from '@web/components/ui/button';
import type { TSessionRow } from '@web/features/live/api';

export function StatusBadge({ session }: { session: Pick<TSessionRow, 'status' | 'live'> }) {
  const { t } = useTranslation('live');
  if (session.status === 'cancelled') return <Badge tone="red">{t('status.cancelled')}</Badge>;
  return session.live ? <Badge tone="green">{t('status.live')}</Badge> : null;
}

/** Who a session is for: the whole course, or the names of its groups. */
export function useTargetText() {
  const { t } = useTranslation('live');
  return (s: Pick<TSessionRow, 'target' | 'groups'>) =>
    s.target === 'course' ? t('target.course') : t('target.groups', { names: s.groups.map((g) => g.name).join(t('listSeparator')) });
}

/** The upcoming or past sessions, one row each, newest first for the past. */
export function SessionList({ sessions, past }: { sessions: TSessionRow[]; past: boolean }) {
  const { t, i18n } = useTranslation('live');
  const lng = toLanguage(i18n.resolvedLanguage);
  const targetText = useTargetText();
  return (
    <ul className="divide-y divide-gray-100" data-testid={past ? 'past-sessions' : 'upcoming-sessions'}>
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-4" data-testid="session-row" data-status={s.status}>
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2 font-bold text-gray-900">
              <span className="break-words">{s.title}</span>
              <StatusBadge session={s} />
              {s.seriesId ? <Badge tone="blue">{t('weekly')}</Badge> : null}
            </p>
            <p className="text-sm text-gray-700">{formatDateTime(lng, s.startsAt, 'long')}</p>
            <p className="text-sm text-gray-600">
              {s.courseTitle} · {targetText(s)} · {t('minutes', { count: s.durationMinutes })}
              {past ? ` · ${t('attendedCount', { count: s.attended })}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {!past && s.status === 'scheduled' ? (
              <Link
                reloadDocument
                to={`/teacher/live-sessions/${s.id}/room`}
                className={buttonClass(s.live ? 'primary' : 'secondary', 'sm')}
                data-testid="open-room"
              >
                {t('openRoom')}
              </Link>
            ) : null}
            <Link to={`/teacher/live-sessions/${s.id}`} className={buttonClass('ghost', 'sm')} data-testid="session-details">
              {past ? t('attendance') : t('details')}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
