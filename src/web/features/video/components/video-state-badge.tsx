import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLessonVideo, TVideoState } from '@shared/schemas/video';
import { Badge, type TTone } from '@web/components/ui/badge';
import { videoStatusQuery } from '@web/features/video/api';

const TONES: Record<TVideoState, TTone> = { none: 'gray', queued: 'amber', processing: 'amber', ready: 'green', failed: 'red' };

/**
 * A video lesson's state in the teacher's outline: students do not see the lesson's video until it is ready,
 * so the teacher sees here which ones are still waiting, being prepared (with the percent, polled), or failed.
 */
export function VideoStateBadge({ lessonId, known }: { lessonId: string; known?: TLessonVideo | null }) {
  const { t } = useTranslation('video');
  const knownState = known === undefined ? undefined : (known?.state ?? 'none');
  const busy = knownState === undefined || knownState === 'queued' || knownState === 'processing';
  const status = useQuery({ ...videoStatusQuery(lessonId), enabled: busy });
  const state = status.data?.state ?? knownState;
  if (!state) return null;
  return (
    <span data-testid="video-state" data-state={state} className="contents">
      <Badge tone={TONES[state]}>{t(`status.badge.${state}`, { progress: Math.round(status.data?.progress ?? 0) })}</Badge>
    </span>
  );
}
