import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { liveApi, sessionQuery } from '@web/features/live/api';
import { SessionWhen } from '@web/features/live/components/session-bits';
import { JoinedRoom } from './joined-room';

/** /teacher/live-sessions/{id}/room: the teacher opens their session as its moderator. */
export function TeacherRoomPage() {
  const { t } = useTranslation('live');
  const { sessionId = '' } = useParams();
  const errorText = useErrorText();
  const detail = useQuery(sessionQuery(sessionId));
  const join = useMutation({ mutationFn: () => liveApi.teacherJoin(sessionId) });
  if (detail.isPending) return <LoadingBlock blocks={['h-24', 'h-48']} className="space-y-4" />;
  if (detail.isError) return <QueryError query={detail} />;
  const { session } = detail.data;
  return (
    <div className="space-y-4" data-testid="teacher-room">
      <PageTitle title={session.title} subtitle={session.courseTitle}>
        <Link to={`/teacher/live-sessions/${sessionId}`} className="text-sm font-medium text-primary-700 underline">
          {t('session.attendanceLink')}
        </Link>
      </PageTitle>
      <SessionWhen startsAt={session.startsAt} minutes={session.durationMinutes} />
      {join.data ? (
        <JoinedRoom join={join.data.join} moderator onLeft={() => join.reset()} />
      ) : (
        <Card className="space-y-3">
          {join.error ? <Notice tone="error">{errorText(join.error)}</Notice> : null}
          <p className="text-gray-700">{session.lobby ? t('room.teacherLobby') : t('room.teacherIntro')}</p>
          <Button onClick={() => join.mutate()} busy={join.isPending} data-testid="start">
            {t('room.start')}
          </Button>
        </Card>
      )}
    </div>
  );
}
