import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-error';
import { useErrorText } from '@web/lib/api-errors';
import { useNow } from '@web/lib/countdown';
import { useStudentPaths } from '@web/lib/student-paths';
import { liveApi, studentSessionQuery, type TJoin } from '@web/features/live/api';
import { Countdown, SessionWhen } from '@web/features/live/components/session-bits';
import { JoinedRoom } from './joined-room';

/** One id per browser tab: a reload keeps its place, another tab or device is another device (decision 071). */
function useDeviceId(): string {
  const [id] = useState(() => {
    const stored = sessionStorage.getItem('darsi.live.device');
    if (stored) return stored;
    const fresh = crypto.randomUUID();
    sessionStorage.setItem('darsi.live.device', fresh);
    return fresh;
  });
  return id;
}

type TState = { kind: 'idle' } | { kind: 'in'; join: TJoin; heartbeatSeconds: number } | { kind: 'replaced' } | { kind: 'left' } | { kind: 'ended' };

/** Heartbeats while in the session; the server answers LIVE_DEVICE_REPLACED once another device took over. */
function useHeartbeat(sessionId: string, deviceId: string, state: TState, setState: (s: TState) => void, participant: { current: string | null }) {
  const seconds = state.kind === 'in' ? state.heartbeatSeconds : 0;
  // Each beat brings a new short-lived meeting token (decision 114), kept for a reconnection.
  const latestJwt = useRef<string | null>(null);
  useEffect(() => {
    if (!seconds) return;
    const timer = window.setInterval(() => {
      liveApi
        .heartbeat(sessionId, deviceId, participant.current)
        .then((r) => {
          if (r.jwt) latestJwt.current = r.jwt;
          if (r.ended) setState({ kind: 'ended' });
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.code === 'LIVE_DEVICE_REPLACED') setState({ kind: 'replaced' });
        });
    }, seconds * 1000);
    const onHide = () => void liveApi.leave(sessionId, deviceId);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      latestJwt.current = null;
    };
  }, [seconds, sessionId, deviceId, setState, participant]);
  return latestJwt;
}

/** /student/dashboard/live/{sessionId}: the countdown, the join button, then the meeting (issue 14). */
export function StudentRoomPage() {
  const { t } = useTranslation('live');
  const { sessionId = '' } = useParams();
  const paths = useStudentPaths();
  const deviceId = useDeviceId();
  const errorText = useErrorText();
  const info = useQuery(studentSessionQuery(sessionId));
  const now = useNow();
  const [state, setState] = useState<TState>({ kind: 'idle' });
  const joined = useRef(false);
  const join = useMutation({
    mutationFn: () => liveApi.studentJoin(sessionId, deviceId),
    onSuccess: (r) => {
      joined.current = true;
      setState({ kind: 'in', join: r.join, heartbeatSeconds: r.heartbeatSeconds });
    },
  });
  // This device's occupant in the meeting room, sent with each heartbeat (decision 141).
  const participant = useRef<string | null>(null);
  const latestJwt = useHeartbeat(sessionId, deviceId, state, setState, participant);
  useEffect(() => () => void (joined.current && liveApi.leave(sessionId, deviceId)), [sessionId, deviceId]);

  if (info.isPending) return <LoadingBlock blocks={['h-24', 'h-48']} className="space-y-4" />;
  if (info.isError) {
    return (
      <div className="space-y-4">
        <QueryError query={info} />
        <Link to={paths.subscriptions} className="text-sm font-medium text-primary-700 underline">
          {t('room.back')}
        </Link>
      </div>
    );
  }
  const { session, refused } = info.data;
  const open = now >= new Date(session.opensAt).getTime() && now < new Date(session.endsAt).getTime();
  const reason = refused && refused !== 'LIVE_TOO_EARLY' ? refused : !open && now >= new Date(session.endsAt).getTime() ? 'LIVE_ENDED' : null;
  const leave = () => {
    void liveApi.leave(sessionId, deviceId);
    setState({ kind: 'left' });
  };

  return (
    <div className="space-y-4" data-testid="live-room" data-state={state.kind}>
      <PageTitle title={session.title} subtitle={t('room.subtitle', { course: session.courseTitle, teacher: session.teacherName })} />
      <SessionWhen startsAt={session.startsAt} minutes={session.durationMinutes} />
      {state.kind === 'in' ? (
        <JoinedRoom join={state.join} moderator={false} onLeft={leave} freshJwt={() => latestJwt.current} onParticipant={(id) => (participant.current = id)} />
      ) : (
        <Card className="space-y-4">
          {state.kind === 'replaced' ? (
            <Notice tone="error" testId="device-replaced">
              {t('errors:codes.LIVE_DEVICE_REPLACED')}
            </Notice>
          ) : null}
          {state.kind === 'left' ? <Notice testId="left">{t('room.left')}</Notice> : null}
          {state.kind === 'ended' ? <Notice testId="ended">{t('errors:codes.LIVE_ENDED')}</Notice> : null}
          {reason ? (
            <Notice tone="error" testId="refused">
              {t(`errors:codes.${reason}`)}
            </Notice>
          ) : !open ? (
            <Countdown target={session.opensAt} now={now} label={t('room.opensIn')} />
          ) : null}
          {join.error ? (
            <Notice tone="error" testId="join-error">
              {errorText(join.error)}
            </Notice>
          ) : null}
          <Button onClick={() => join.mutate()} busy={join.isPending} disabled={!open || Boolean(reason)} data-testid="join">
            {state.kind === 'replaced' || state.kind === 'left' ? t('room.joinHere') : t('room.join')}
          </Button>
          <p className="text-sm text-gray-600">{t('room.oneDevice')}</p>
        </Card>
      )}
    </div>
  );
}
