import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateToAlgiersLocal } from '@shared/courses';
import { DATE_LOCALES } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Button } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { cx } from '@web/lib/cx';
import { sessionsQuery } from '@web/features/live/api';

const DAY = 86_400_000;

/** The Saturday that starts the week of `day`: Algerian calendars begin the week on Saturday (CLDR, DZ). */
export function weekStart(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const back = (date.getUTCDay() + 1) % 7;
  return new Date(date.getTime() - back * DAY).toISOString().slice(0, 10);
}

export const todayInAlgiers = () => dateToAlgiersLocal(new Date()).slice(0, 10);

/** Seven days from Saturday, each with its sessions, on the Algiers clock. */
export function WeekCalendar({ from, onMove }: { from: string; onMove: (from: string) => void }) {
  const { t, i18n } = useTranslation('live');
  const locale = DATE_LOCALES[toLanguage(i18n.resolvedLanguage)];
  const query = useQuery(sessionsQuery('week', from));
  const days = Array.from({ length: 7 }, (_, i) => new Date(new Date(`${from}T12:00:00Z`).getTime() + i * DAY).toISOString().slice(0, 10));
  const shift = (weeks: number) => onMove(new Date(new Date(`${from}T12:00:00Z`).getTime() + weeks * 7 * DAY).toISOString().slice(0, 10));
  const today = todayInAlgiers();
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Algiers' }).format(new Date(iso));
  return (
    <div className="space-y-3" data-testid="week-calendar">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" size="sm" onClick={() => shift(-1)}>
          {t('week.previous')}
        </Button>
        <p className="font-medium text-gray-900">{t('week.of', { from: dayLabel(days[0]!), to: dayLabel(days[6]!) })}</p>
        <Button variant="secondary" size="sm" onClick={() => shift(1)}>
          {t('week.next')}
        </Button>
      </div>
      {query.isPending ? (
        <Skeleton className="h-48" />
      ) : query.isError ? (
        <QueryError query={query} />
      ) : (
        <ol className="grid gap-2 sm:grid-cols-7">
          {days.map((day) => {
            const sessions = query.data.sessions.filter((s) => dateToAlgiersLocal(s.startsAt).slice(0, 10) === day);
            return (
              <li
                key={day}
                className={cx('min-h-24 min-w-0 rounded-xl border p-2', day === today ? 'border-primary-300 bg-primary-50' : 'border-gray-200 bg-white')}
                data-testid="week-day"
              >
                <p className="mb-1 text-xs font-bold text-gray-700">{dayLabel(day)}</p>
                <ul className="space-y-1">
                  {sessions.map((s) => (
                    <li key={s.id}>
                      <Link
                        to={`/teacher/live-sessions/${s.id}`}
                        className={cx(
                          'block rounded-lg px-2 py-1 text-xs',
                          s.status === 'cancelled' ? 'bg-gray-100 text-gray-500 line-through' : 'bg-primary-100 text-primary-900 hover:bg-primary-200',
                        )}
                      >
                        <bdi className="font-bold">{time(s.startsAt)}</bdi> <span className="break-words">{s.title}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
