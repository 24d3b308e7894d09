import { cx } from './cx';

/** A grey placeholder block; the region that holds it carries aria-busy and a text for screen readers. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cx('animate-pulse rounded-lg bg-gray-200', className)} />;
}
