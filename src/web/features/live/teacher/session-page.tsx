import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { QueryError } from '@web/components/ui/error-state';
import { CheckboxField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { useNow } from '@web/lib/countdown';
import { notify } from '@web/lib/notify';
import { attendanceCsvPath, liveApi, liveKeys, sessionQuery, type TSessionDetail } from '@web/features/live/api';
import { SessionWhen } from '@web/features/live/components/session-bits';
import { SessionForm } from './session-form';
import { StatusBadge, useTargetText } from './session-list';

function People({ people }: { people: TSessionDetail['people'] }) {
  const { t, i18n } = useTranslation('live');
  const lng = toLanguage(i18n.resolvedLanguage);
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('attendance')}>
      <table className="w-full min-w-[520px] text-sm" data-testid="attendance">
        <thead>
          <tr className="border-b border-gray-200 text-start text-gray-600">
            <th className="p-2 text-start font-medium">{t('csvHead.name')}</th>
            <th className="p-2 text-start font-medium">{t('csvHead.state')}</th>
            <th className="p-2 text-start font-medium">{t('csvHead.minutes')}</th>
            <th className="p-2 text-start font-medium">{t('csvHead.firstJoined')}</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.studentId} className="border-b border-gray-100" data-testid="person" data-attended={p.attended}>
              <td className="p-2">
                <p className="font-medium text-gray-900">{p.name}</p>
                <bdi className="text-xs text-gray-600">{p.email}</bdi>
              </td>
              <td className="p-2">
                {p.present ? (
                  <Badge tone="green">{t('people.present')}</Badge>
                ) : p.attended ? (
                  <Badge tone="blue">{t('people.came')}</Badge>
                ) : (
                  <Badge tone="gray">{t('people.invited')}</Badge>
                )}
              </td>
              <td className="p-2">{p.attended ? t('minutes', { count: p.minutes }) : '—'}</td>
              <td className="p-2">{p.firstJoinedAt ? formatDateTime(lng, p.firstJoinedAt) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Actions({ session }: { session: TSessionDetail['session'] }) {
  const { t } = useTranslation('live');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [following, setFollowing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: liveKeys.all });
  const cancel = useMutation({
    mutationFn: () => liveApi.cancelSession(session.id, following),
    onSuccess: (r) => notify.success(t('cancelled', { count: r.cancelled })),
    onError: (e) => notify.error(errorText(e)),
    onSettled: refresh,
  });
  const recording = useMutation({ mutationFn: () => liveApi.addRecording(session.id), onSettled: refresh });
  const now = useNow(30_000);
  const over = new Date(session.endsAt).getTime() <= now;
  const started = new Date(session.startsAt).getTime() <= now;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {!over && session.status === 'scheduled' ? (
          <Link reloadDocument to={`/teacher/live-sessions/${session.id}/room`} className={buttonClass('primary')} data-testid="open-room">
            {t('openRoom')}
          </Link>
        ) : null}
        <a href={attendanceCsvPath(session.id)} download className={buttonClass('secondary')} data-testid="attendance-csv">
          {t('exportCsv')}
        </a>
        {!over && session.status === 'scheduled' ? (
          <ConfirmButton
            variant="danger"
            label={t('cancel')}
            title={t('cancelTitle')}
            body={t('cancelBody')}
            confirmLabel={t('cancelConfirm')}
            cancelLabel={t('back')}
            onConfirm={() => cancel.mutateAsync()}
            testId="cancel-session"
          >
            {session.seriesId ? <CheckboxField label={t('cancelFollowing')} checked={following} onCheckedChange={setFollowing} /> : null}
          </ConfirmButton>
        ) : null}
        {started && session.status === 'scheduled' && !session.recordingLessonId ? (
          <Button variant="secondary" onClick={() => recording.mutate()} busy={recording.isPending} data-testid="add-recording">
            {t('recording.add')}
          </Button>
        ) : null}
      </div>
      {recording.error ? <Notice tone="error">{errorText(recording.error)}</Notice> : null}
      {session.recordingLessonId ? (
        <Notice tone="success" testId="recording-lesson">
          {t('recording.ready')}{' '}
          <Link to={`/teacher/courses/${session.courseId}`} className="font-bold underline">
            {t('recording.open')}
          </Link>
        </Notice>
      ) : null}
    </div>
  );
}

/** /teacher/live-sessions/{id}: the session, who is invited and who came, editing and cancelling. */
export function SessionPage() {
  const { t } = useTranslation('live');
  const { sessionId = '' } = useParams();
  const detail = useQuery(sessionQuery(sessionId));
  const [editing, setEditing] = useState(false);
  const targetText = useTargetText();
  const now = useNow(30_000);
  if (detail.isPending) return <LoadingBlock blocks={['h-24', 'h-64']} className="space-y-4" />;
  if (detail.isError) return <QueryError query={detail} />;
  const { session, people } = detail.data;
  const editable = session.status === 'scheduled' && new Date(session.endsAt).getTime() > now;
  return (
    <div className="space-y-6" data-testid="session-page">
      <PageTitle title={session.title} subtitle={`${session.courseTitle} · ${targetText(session)}`}>
        <Link to="/teacher/live-sessions" className="text-sm font-medium text-primary-700 underline">
          {t('allSessions')}
        </Link>
      </PageTitle>
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge session={session} />
          {session.capacity ? <Badge tone="gray">{t('capacity', { count: session.capacity })}</Badge> : null}
          {session.lobby ? <Badge tone="gray">{t('lobbyOn')}</Badge> : null}
          {session.externalUrl ? <Badge tone="blue">{t('externalLink')}</Badge> : null}
        </div>
        <SessionWhen startsAt={session.startsAt} minutes={session.durationMinutes} />
        {session.externalUrl ? (
          <p className="break-all text-sm text-gray-700">
            {t('linkSecret')} <bdi dir="ltr">{session.externalUrl}</bdi>
          </p>
        ) : null}
        {session.externalUrl ? <Notice testId="link-shareable">{t('provider.linkShareable')}</Notice> : null}
        <Actions session={session} />
        {editable ? (
          <Button variant="secondary" onClick={() => setEditing(!editing)} aria-expanded={editing} data-testid="edit-session">
            {t('edit')}
          </Button>
        ) : null}
        {editing ? <SessionForm session={session} onDone={() => setEditing(false)} /> : null}
      </Card>
      <Card>
        <CardHeader title={t('peopleTitle', { count: people.filter((p) => p.attended).length, total: people.length })} description={t('peopleDescription')} />
        {people.length ? <People people={people} /> : <p className="text-sm text-gray-600">{t('nobodyInvited')}</p>}
      </Card>
    </div>
  );
}
