import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Badge } from '@web/components/ui/badge';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { timeLeft, useNow } from '@web/lib/countdown';
import { useStudentPaths } from '@web/lib/student-paths';
import { upcomingLiveQuery, type TUpcomingLive } from '@web/features/learning/api';

function LiveRow({ s, now }: { s: TUpcomingLive; now: number }) {
  const { t, i18n } = useTranslation('courses');
  const paths = useStudentPaths();
  const open = now >= new Date(s.opensAt).getTime() && now < new Date(s.endsAt).getTime();
  const live = now >= new Date(s.startsAt).getTime() && now < new Date(s.endsAt).getTime();
  const left = timeLeft(s.startsAt, now);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 p-3" data-testid="live-session" data-status={s.status}>
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-bold text-gray-900">
          <span className="break-words">{s.title}</span>
          {s.status === 'cancelled' ? <Badge tone="red">{t('live.cancelled')}</Badge> : live ? <Badge tone="green">{t('live.now')}</Badge> : null}
        </p>
        <p className="text-sm text-gray-600">
          {s.courseTitle} · {formatDateTime(toLanguage(i18n.resolvedLanguage), s.startsAt, 'long')}
        </p>
        {s.status === 'scheduled' && !live ? (
          <p className="text-sm font-medium text-gray-800" role="timer" aria-live="off" data-testid="live-countdown">
            {t('live.startsIn')} <bdi dir="ltr">{left.days > 0 ? t('live.days', { count: left.days, clock: left.clock }) : left.clock}</bdi>
          </p>
        ) : null}
      </div>
      {s.status === 'scheduled' ? (
        open ? (
          <Link reloadDocument to={paths.live(s.id)} className={buttonClass('primary', 'sm')} data-testid="live-join">
            {t('live.join')}
          </Link>
        ) : (
          <Link reloadDocument to={paths.live(s.id)} className={buttonClass('secondary', 'sm')} data-testid="live-details">
            {t('live.details')}
          </Link>
        )
      ) : null}
    </li>
  );
}

/** Upcoming live sessions with a countdown; the join button opens 10 minutes before the start (issue 14). */
export function LiveSessionsCard({ platform, courseId, initial }: { platform: string | undefined; courseId?: string; initial?: TUpcomingLive[] }) {
  const { t } = useTranslation('courses');
  // My Subscriptions already brought the list (its `liveSessions`): shown at once, then kept fresh by the query.
  const query = useQuery({
    ...upcomingLiveQuery(platform, courseId),
    ...(initial ? { initialData: { now: new Date().toISOString(), sessions: initial } } : {}),
  });
  const now = useNow();
  const sessions = query.data?.sessions ?? [];
  return (
    <Card aria-labelledby="live-title" data-testid="live-card">
      <CardHeader id="live-title" title={t('mine.liveTitle')} />
      {sessions.length === 0 ? (
        query.isPending ? null : (
          <EmptyState title={t('mine.liveEmpty')} body={t('mine.liveEmptyBody')} testId="live-empty" />
        )
      ) : (
        <ul className="space-y-2">
          {sessions.map((s) => (
            <LiveRow key={s.id} s={s} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}
