import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import type { TJoin } from '@web/features/live/api';
import { JitsiRoom } from './jitsi-room';

/** In the session: the embedded meeting, or the teacher's own meeting link (shown only now, never before). */
type TJoinedProps = { join: TJoin; moderator: boolean; onLeft: () => void; freshJwt?: () => string | null; onParticipant?: (id: string) => void };

export function JoinedRoom({ join, moderator, onLeft, freshJwt, onParticipant }: TJoinedProps) {
  const { t } = useTranslation('live');
  const [failed, setFailed] = useState(false);
  const [inCall, setInCall] = useState(false);
  if (join.kind === 'external') {
    return (
      <Card className="space-y-4" data-testid="external-room">
        <p className="text-gray-800">{t('room.externalBody')}</p>
        <div className="flex flex-wrap gap-2">
          <a href={join.url} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')} data-testid="open-meeting">
            {t('room.openMeeting')}
          </a>
          <Button variant="secondary" onClick={onLeft} data-testid="leave">
            {t('room.leave')}
          </Button>
        </div>
        <p className="text-sm text-gray-600">{t('room.keepOpen')}</p>
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      {failed ? (
        <Notice tone="error" testId="load-failed">
          {t('room.loadFailed')}{' '}
          <button type="button" className="font-bold underline" onClick={() => window.location.reload()}>
            {t('room.reload')}
          </button>
        </Notice>
      ) : null}
      <p className="text-sm text-gray-600" role="status" data-testid="call-state">
        {inCall ? t('room.inCall') : t('room.connecting')}
      </p>
      <JitsiRoom
        join={join}
        moderator={moderator}
        freshJwt={freshJwt}
        onJoined={(id) => {
          setInCall(true);
          if (id) onParticipant?.(id);
        }}
        onLeft={onLeft}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
