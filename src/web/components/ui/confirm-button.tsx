import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Button, buttonClass } from '@web/components/ui/button';

type TConfirmButtonProps = {
  label: string;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** A promise keeps the dialog open, its button busy, until it settles; anything else closes it at once. */
  onConfirm: () => unknown;
  variant?: 'ghost' | 'secondary' | 'danger' | 'primary';
  testId?: string;
  ariaLabel?: string;
  disabled?: boolean;
  /** Fields the decision needs (a reason, say), between the question and the buttons. */
  children?: ReactNode;
};

/**
 * A button that asks first, in an accessible dialog (focus trapped, Escape cancels) rather than the
 * browser's window.confirm, which blocks the page and cannot be styled or translated in its buttons.
 * A quiet trigger (ghost) or a danger one means a destructive action: its confirmation is red.
 */
export function ConfirmButton({
  label,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  variant = 'secondary',
  testId,
  ariaLabel,
  disabled,
  children,
}: TConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return setOpen(false);
    setBusy(true);
    try {
      await result;
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={buttonClass(variant, 'sm')} data-testid={testId} aria-label={ariaLabel} disabled={disabled}>
        {label}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
        <AlertDialog.Content
          data-testid="confirm-dialog"
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">{body}</AlertDialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')} disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <Button
              variant={variant === 'danger' || variant === 'ghost' ? 'danger' : 'primary'}
              busy={busy}
              onClick={() => void run()}
              data-testid="confirm-action"
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
