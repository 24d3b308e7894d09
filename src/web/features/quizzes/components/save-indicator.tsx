import { useTranslation } from 'react-i18next';
import { cx } from '@web/lib/cx';
import type { TQueueStatus } from '@web/features/quizzes/offline/answer-queue';

const TONE: Record<TQueueStatus, string> = {
  saved: 'bg-green-50 text-green-800 border-green-200',
  saving: 'bg-blue-50 text-blue-800 border-blue-200',
  pending: 'bg-blue-50 text-blue-800 border-blue-200',
  offline: 'bg-amber-50 text-amber-900 border-amber-300',
  refused: 'bg-red-50 text-red-800 border-red-200',
};

/** Whether the answers typed so far are on the server, on their way, or waiting in this browser for the network. */
export function SaveIndicator({ status }: { status: TQueueStatus }) {
  const { t } = useTranslation('quizzes');
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
      className={cx('inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium', TONE[status])}
    >
      <span aria-hidden className={cx('size-2 rounded-full bg-current', status === 'saving' && 'animate-pulse')} />
      {t(`save.${status}`)}
    </span>
  );
}
