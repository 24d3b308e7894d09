import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatDzd, formatNumber } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import { Button } from '@web/components/ui/button';
import { CloseIcon } from '@web/components/ui/icons';
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

/** A modal dialog: focus trapped, Escape and the close button close it. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('courses');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
        <Dialog.Content
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:inset-0 sm:m-auto sm:h-fit sm:max-h-[90vh] sm:w-full sm:max-w-lg sm:rounded-2xl"
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold text-gray-900">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-gray-600">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label={t('common.close')}>
                <CloseIcon className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The pagination's texts in the courses' words. */
export function usePaginationLabels(): TPaginationLabels {
  const { t } = useTranslation('courses');
  return { nav: t('common.pagination'), status: (page, pages) => t('common.pageOf', { page, pages }), previous: t('common.previousPage'), next: t('common.nextPage') };
}

/** A horizontal progress bar with its percentage for screen readers. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div role="progressbar" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} className="h-2 min-w-16 flex-1 overflow-hidden rounded-full bg-gray-200">
        <div className="h-full rounded-full bg-primary-600" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-end text-xs text-gray-600">{percent}%</span>
    </div>
  );
}

/** Typography for lesson rich text (Tailwind's reset removes list bullets and heading sizes). */
export const LESSON_CONTENT_CLASS =
  'leading-relaxed [&_a]:text-primary-700 [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-s-4 [&_blockquote]:border-primary-200 [&_blockquote]:ps-3 [&_blockquote]:text-gray-700 [&_h2]:my-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:my-2 [&_h3]:text-lg [&_h3]:font-bold [&_li]:my-1 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-3 [&_ul]:list-disc [&_ul]:ps-6';
