import { AlertDialog, Dialog } from 'radix-ui';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSE_TIME_ZONE } from '../../../../shared/courses';
import { toLanguage } from '../../../../shared/i18n';
import { Button, buttonClass } from '../../../components/ui/dashboard/button';
import { cx } from '../../../components/ui/dashboard/cx';
import { CloseIcon } from '../../../components/ui/dashboard/icons';
import type { TTone } from '../../../components/ui/dashboard/badge';

const LOCALES = { ar: 'ar-DZ', en: 'en-GB', fr: 'fr-FR' } as const;

/** Prices, dates and date-times in the reader's language; times on the Algiers clock, as the teacher set them. */
export function useCourseFormat() {
  const { t, i18n } = useTranslation('courses');
  const locale = LOCALES[toLanguage(i18n.resolvedLanguage)];
  return {
    price: (dzd: number) => t('format.price', { amount: new Intl.NumberFormat(locale).format(dzd) }),
    date: (iso: string | null | undefined) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: COURSE_TIME_ZONE }).format(new Date(iso)) : ''),
    dateTime: (iso: string | null | undefined) =>
      iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: COURSE_TIME_ZONE }).format(new Date(iso)) : '',
    number: (n: number) => new Intl.NumberFormat(locale).format(n),
  };
}

const STATUS_TONES: Record<string, TTone> = {
  active: 'green',
  expiring: 'amber',
  expired: 'red',
  cancelled: 'gray',
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

const FIELD_CLASS =
  'block w-full min-h-11 rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:outline-2 focus:outline-offset-0 focus:outline-primary-500 disabled:bg-gray-100';

function Shell({ id, label, hint, error, children, className }: { id: string; label: string; hint?: string; error?: string; children: ReactNode; className?: string }) {
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-gray-500">{hint}</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Field({ label, hint, error, className, id, ...props }: ComponentProps<'input'> & { label: string; hint?: string; error?: string }) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Shell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <input id={fieldId} aria-invalid={error ? true : undefined} className={cx(FIELD_CLASS, error && 'border-red-500')} {...props} />
    </Shell>
  );
}

export function TextArea({ label, hint, error, className, id, ...props }: ComponentProps<'textarea'> & { label: string; hint?: string; error?: string }) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Shell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <textarea id={fieldId} aria-invalid={error ? true : undefined} className={cx(FIELD_CLASS, 'min-h-24', error && 'border-red-500')} {...props} />
    </Shell>
  );
}

export function Select({
  label,
  options,
  className,
  id,
  error,
  ...props
}: ComponentProps<'select'> & { label: string; options: Array<{ value: string; label: string }>; error?: string }) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Shell id={fieldId} label={label} error={error} className={className}>
      <select id={fieldId} className={FIELD_CLASS} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function Checkbox({ label, className, ...props }: ComponentProps<'input'> & { label: string }) {
  const id = useId();
  return (
    <div className={cx('flex items-center gap-2', className)}>
      <input id={id} type="checkbox" className="h-5 w-5 rounded border-gray-300 text-primary-600 focus:outline-2 focus:outline-primary-500" {...props} />
      <label htmlFor={id} className="text-sm text-gray-800">
        {label}
      </label>
    </div>
  );
}

/**
 * A button that asks first, in an accessible dialog (focus trapped, Escape cancels) rather than the
 * browser's window.confirm, which blocks the page and cannot be styled or translated in its buttons.
 */
export function ConfirmButton({
  label,
  title,
  body,
  confirmLabel,
  onConfirm,
  variant = 'ghost',
  testId,
  ariaLabel,
}: {
  label: string;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  variant?: 'ghost' | 'secondary' | 'danger';
  testId?: string;
  ariaLabel?: string;
}) {
  const { t } = useTranslation('courses');
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={buttonClass(variant, 'sm')} data-testid={testId} aria-label={ariaLabel}>
        {label}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
        <AlertDialog.Content data-testid="confirm-dialog" className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">{body}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>{t('common.back')}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass(variant === 'secondary' ? 'primary' : 'danger')} onClick={onConfirm} data-testid="confirm-action">
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Previous / next page controls for server-paginated lists. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('courses');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('common.pagination')} className="flex flex-wrap items-center justify-between gap-2" data-testid="pager">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previousPage')}
      </Button>
      <span className="text-sm text-gray-600">{t('common.pageOf', { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.nextPage')}
      </Button>
    </nav>
  );
}

export function EmptyState({ title, body, children, testId }: { title: string; body?: string; children?: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 p-8 text-center">
      <p className="font-bold text-gray-900">{title}</p>
      {body ? <p className="max-w-md text-sm text-gray-600">{body}</p> : null}
      {children}
    </div>
  );
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
