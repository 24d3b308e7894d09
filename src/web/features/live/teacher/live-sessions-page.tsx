import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { cx } from '@web/lib/cx';
import { providerQuery, sessionsQuery } from '@web/features/live/api';
import { GroupsPanel } from './groups-panel';
import { SessionForm } from './session-form';
import { SessionList } from './session-list';
import { todayInAlgiers, WeekCalendar, weekStart } from './week-calendar';

/** Which meeting service is active, or the setting that keeps it off: the page never breaks over it. */
function ProviderNotice() {
  const { t } = useTranslation('live');
  const provider = useQuery(providerQuery);
  if (!provider.data) return null;
  const { mode, problem } = provider.data;
  return (
    <div className="space-y-2" data-testid="provider-mode" data-mode={mode}>
      {problem ? (
        <Notice tone="error" testId="provider-problem">
          {t(`provider.problem.${problem.reason}`, { setting: problem.setting })}
        </Notice>
      ) : null}
      <Notice>{t(`provider.mode.${mode}`)}</Notice>
      {mode === 'external' ? <Notice testId="link-shareable">{t('provider.linkShareable')}</Notice> : null}
    </div>
  );
}

const VIEWS = ['upcoming', 'week', 'past'] as const;

function Sessions() {
  const { t } = useTranslation('live');
  const [params, setParams] = useSearchParams();
  const view = VIEWS.find((v) => v === params.get('view')) ?? 'upcoming';
  const from = params.get('from') ?? weekStart(todayInAlgiers());
  const list = useQuery({ ...sessionsQuery(view === 'past' ? 'past' : 'upcoming'), enabled: view !== 'week' });
  const set = (next: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...next });
  return (
    <Card>
      <div className="mb-2 flex flex-wrap gap-2 border-b border-gray-100 pb-4" role="tablist">
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            onClick={() => set({ view: v })}
            className={cx(
              'min-h-9 rounded-lg px-3 text-sm font-medium',
              view === v ? 'bg-primary-600 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200',
            )}
            data-testid={`view-${v}`}
          >
            {t(`views.${v}`)}
          </button>
        ))}
      </div>
      <div>
        {view === 'week' ? (
          <WeekCalendar from={from} onMove={(f) => set({ from: f })} />
        ) : list.isPending ? (
          <Skeleton className="h-40" />
        ) : list.isError ? (
          <QueryError query={list} />
        ) : list.data.sessions.length === 0 ? (
          <EmptyState title={t(view === 'past' ? 'emptyPast' : 'emptyUpcoming')} body={t('emptyBody')} testId="sessions-empty" />
        ) : (
          <SessionList sessions={list.data.sessions} past={view === 'past'} />
        )}
      </div>
    </Card>
  );
}

/** /teacher/live-sessions: schedule, the sessions (list and week), and the student groups. */
export function LiveSessionsPage() {
  const { t } = useTranslation('live');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'groups' ? 'groups' : 'sessions';
  const [scheduling, setScheduling] = useState(false);
  return (
    <div className="space-y-6">
      <PageTitle title={t('common:pages.teacherLiveSessions')} subtitle={t('subtitle')}>
        <Button onClick={() => setScheduling(!scheduling)} aria-expanded={scheduling} data-testid="schedule">
          {t('scheduleButton')}
        </Button>
      </PageTitle>
      <ProviderNotice />
      <div className="flex gap-2" role="tablist">
        {(['sessions', 'groups'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setParams(key === 'groups' ? { tab: key } : {})}
            className={cx('min-h-11 rounded-xl px-4 text-sm font-bold', tab === key ? 'bg-gray-900 text-white' : 'bg-white text-gray-800 ring-1 ring-gray-200')}
            data-testid={`tab-${key}`}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      {scheduling ? (
        <Card>
          <CardHeader title={t('form.heading')} description={t('form.description')} />
          <SessionForm onDone={(ids) => (ids.length === 1 ? navigate(`/teacher/live-sessions/${ids[0]}`) : setScheduling(false))} />
        </Card>
      ) : null}
      {tab === 'groups' ? <GroupsPanel /> : <Sessions />}
    </div>
  );
}
