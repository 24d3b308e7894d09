import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatDzd, formatNumber } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import type { TTone } from '@web/components/ui/badge';
import type { TPaginationLabels } from '@web/components/ui/pagination';

/** Prices, dates and date-times in the reader's language; times on the Algiers clock, as the teacher set them. */
export function useCourseFormat() {
  const { i18n } = useTranslation('courses');
  const lng = toLanguage(i18n.resolvedLanguage);
  return {
    // Decision 121: the shared number formatter ("3.000 دج").
    price: (dzd: number) => formatDzd(lng, dzd),
    // Decision 060: the shared formatter, with the month named ("15 جويلية 2026" in Arabic).
    date: (iso: string | null | undefined) => formatDate(lng, iso, 'long'),
    dateTime: (iso: string | null | undefined) => formatDateTime(lng, iso, 'long'),
    number: (n: number) => formatNumber(lng, n),
  };
}

const STATUS_TONES: Record<string, TTone> = {
  active: 'green',
  expiring: 'amber',
  expired: 'red',
  cancelled: 'gray',
  suspended: 'red',
  none: 'gray',
  draft: 'gray',
  published: 'green',
  archived: 'amber',
  unused: 'blue',
  sold: 'amber',
  redeemed: 'green',
  revoked: 'red',
};

export function toneOf(status: string): TTone {
  return STATUS_TONES[status] ?? 'gray';
}

/** The pagination's texts in the courses' words. */
export function usePaginationLabels(): TPaginationLabels {
  const { t } = useTranslation('courses');
  return {
    nav: t('common.pagination'),
    status: (page, pages) => t('common.pageOf', { page, pages }),
    previous: t('common.previousPage'),
    next: t('common.nextPage'),
  };
}

/** A horizontal progress bar with its percentage for screen readers. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 min-w-16 flex-1 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-primary-600" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-end text-xs text-gray-600">{percent}%</span>
    </div>
  );
}

/** Typography for lesson rich text (Tailwind's reset removes list bullets and heading sizes). */
export const LESSON_CONTENT_CLASS =
  'leading-relaxed [&_a]:text-primary-700 [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-s-4 [&_blockquote]:border-primary-200 [&_blockquote]:ps-3 [&_blockquote]:text-gray-700 [&_h2]:my-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:my-2 [&_h3]:text-lg [&_h3]:font-bold [&_li]:my-1 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-3 [&_ul]:list-disc [&_ul]:ps-6';
