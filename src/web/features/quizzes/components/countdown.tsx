import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { timeLeft, useNow } from '@web/lib/countdown';
import { cx } from '@web/lib/cx';

/**
 * The time left before the server's deadline. `offsetMs` is the server's clock minus this phone's, measured when
 * the attempt was loaded, so a phone set to the wrong time still counts down to the real deadline. At zero it
 * calls onExpire once.
 */
export function Countdown({ deadlineAt, offsetMs, onExpire }: { deadlineAt: string; offsetMs: number; onExpire: () => void }) {
  const { t } = useTranslation('quizzes');
  const now = useNow(1000) + offsetMs;
  const msLeft = new Date(deadlineAt).getTime() - now;
  const fired = useRef(false);
  useEffect(() => {
    if (msLeft <= 0 && !fired.current) {
      fired.current = true;
      onExpire();
    }
  }, [msLeft, onExpire]);
  const { clock } = timeLeft(deadlineAt, now);
  const low = msLeft < 5 * 60_000;
  return (
    <span
      role="timer"
      aria-label={t('take.timeLeft', { time: clock })}
      data-testid="countdown"
      className={cx('rounded-lg px-2.5 py-1 font-mono text-sm tabular-nums', low ? 'bg-red-100 text-red-800' : 'bg-gray-100 text-gray-800')}
    >
      <bdi dir="ltr">{clock}</bdi>
    </span>
  );
}
