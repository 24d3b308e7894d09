import { cx } from '@web/lib/cx';

/** A grey placeholder block; the region that holds it carries aria-busy and a text for screen readers. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cx('animate-pulse rounded-lg bg-gray-200', className)} />;
}

/**
 * A region still loading: grey blocks, `aria-busy`, and (with a label) a status text for screen readers.
 * `blocks` are the blocks' classes (their heights), `className` the region's layout.
 */
export function LoadingBlock({ label, blocks = ['h-12', 'h-12', 'h-12'], className = 'space-y-3' }: { label?: string; blocks?: string[]; className?: string }) {
  return (
    <div aria-busy="true" className={className}>
      {label ? (
        <span className="sr-only" role="status">
          {label}
        </span>
      ) : null}
      {blocks.map((block, i) => (
        <Skeleton key={i} className={block} />
      ))}
    </div>
  );
}
