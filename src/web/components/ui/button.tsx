import type { ComponentProps } from 'react';
import { cx } from '@web/lib/cx';

type TVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
type TSize = 'sm' | 'md';

const VARIANTS: Record<TVariant, string> = {
  primary: 'bg-primary-600 text-white hover:bg-primary-700 disabled:bg-primary-300',
  secondary: 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:text-gray-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
  ghost: 'text-gray-700 hover:bg-gray-100 disabled:text-gray-400',
};

const SIZES: Record<TSize, string> = {
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-4 py-2 text-sm',
};

/** The class list of a button, also used for links that look like buttons. */
export function buttonClass(variant: TVariant = 'primary', size: TSize = 'md', className?: string) {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

type TButtonProps = ComponentProps<'button'> & { variant?: TVariant; size?: TSize; busy?: boolean };

export function Button({ variant, size, busy = false, className, disabled, type = 'button', children, ...props }: TButtonProps) {
  return (
    <button type={type} disabled={disabled || busy} aria-busy={busy || undefined} className={buttonClass(variant, size, className)} {...props}>
      {busy && <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-current border-e-transparent" />}
      {children}
    </button>
  );
}
