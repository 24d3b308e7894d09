import type { ComponentProps } from 'react';
import { Icon } from '@web/components/ui/icons';

type TIconProps = ComponentProps<'svg'>;

// The courses screens' icons share the UI kit's line-icon frame.

export const LockIcon = (props: TIconProps) => (
  <Icon {...props}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);

export const BoltIcon = (props: TIconProps) => (
  <Icon {...props}>
    <path d="M13 2L4 14h7l-1 8 9-12h-7l1-8z" />
  </Icon>
);

export const TargetIcon = (props: TIconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </Icon>
);

export const FlameIcon = (props: TIconProps) => (
  <Icon {...props}>
    <path d="M12 22c4 0 7-3 7-7 0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-2 2-5 5-5 8 0 4 3 7 7 7z" />
  </Icon>
);
