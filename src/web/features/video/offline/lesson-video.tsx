import { VideoPlayer } from '@web/features/video/components/video-player';
import { OfflineDownloadPanel } from './offline-download-panel';

/** A lesson's player, and for a student the offline download below it (the `videoPlayer` slot). */
export function LessonVideo({
  lessonId,
  poster,
  offline,
}: {
  lessonId: string;
  poster?: string | null;
  offline?: { courseId: string; title: string; bodyHtml: string };
}) {
  return (
    <div className="space-y-3">
      <VideoPlayer lessonId={lessonId} poster={poster} />
      {offline ? <OfflineDownloadPanel lessonId={lessonId} {...offline} /> : null}
    </div>
  );
}
