import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STOPPED_AFTER_DAYS, type TPeriodQuery } from '@shared/schemas/analytics';
import { Badge } from '@web/components/ui/badge';
import { analyticsQueries } from './api';
import { HorizontalBars } from './charts';
import { useFormats } from './format';
import { DataTable, Section } from './section';

/* How far students get: completion, where they stop, video watched. */

export function CompletionSection({ filter }: { filter: TPeriodQuery }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.completion(filter));
  return (
    <Section table="completion" query={query} filter={filter}>
      {(rows) => (
        <>
          <HorizontalBars
            testId="completion-chart"
            name={t('completion.rate')}
            format={(v) => f.pct(v / 100)}
            max={100}
            data={rows.map((r) => ({ label: r.title, value: Math.round((r.rate ?? 0) * 1000) / 10 }))}
          />
          <DataTable
            testId="completion-table"
            headers={['completion.course', 'completion.lessons', 'completion.enrolled', 'completion.started', 'completion.completed', 'completion.rate'].map(
              (k) => t(k),
            )}
            rows={rows.map((r) => [r.title, f.num(r.lessons), f.num(r.enrolled), f.num(r.started), f.num(r.completed), f.pct(r.rate)])}
          />
        </>
      )}
    </Section>
  );
}

export function StopsSection({ filter }: { filter: TPeriodQuery }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.stops(filter));
  const label = (r: { ordinal: number; lessonTitle: string | null }) => (r.lessonTitle ? `${f.num(r.ordinal)}. ${r.lessonTitle}` : t('stops.beforeFirst'));
  return (
    <Section table="stops" query={query} filter={filter} description={t('stops.intro', { count: STOPPED_AFTER_DAYS, value: f.num(STOPPED_AFTER_DAYS) })}>
      {(rows) => (
        <>
          <HorizontalBars testId="stops-chart" name={t('stops.students')} data={rows.map((r) => ({ label: label(r), value: r.students }))} />
          <DataTable
            testId="stops-table"
            headers={[t('completion.course'), t('stops.lesson'), t('stops.students')]}
            rows={rows.map((r) => [
              r.courseTitle,
              <span key="l" className="flex flex-wrap items-center gap-2">
                {label(r)}
                {r.most && <Badge tone="amber">{t('stops.most')}</Badge>}
              </span>,
              f.num(r.students),
            ])}
          />
        </>
      )}
    </Section>
  );
}

export function VideoSection({ filter }: { filter: TPeriodQuery }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.video(filter));
  return (
    <Section table="video" query={query} filter={filter}>
      {(rows) => (
        <>
          <HorizontalBars testId="video-chart" name={t('video.minutes')} data={rows.map((r) => ({ label: r.title, value: r.minutes }))} />
          <DataTable
            testId="video-table"
            headers={[t('video.lesson'), t('video.sessions'), t('video.viewers'), t('video.minutes'), t('video.share'), t('video.reach')]}
            rows={rows.map((r) => [
              r.title,
              f.num(r.sessions),
              f.num(r.viewers),
              f.num(r.minutes),
              f.pct(r.share),
              <span key="r" className="flex h-6 items-end gap-px" aria-label={r.reach.map((v) => f.pct(v)).join(' · ')}>
                {r.reach.map((v, i) => (
                  <span key={i} className="w-1.5 bg-primary-500" style={{ height: `${Math.max(4, v * 100)}%` }} />
                ))}
              </span>,
            ])}
          />
        </>
      )}
    </Section>
  );
}
