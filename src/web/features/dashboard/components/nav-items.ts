import type { ComponentType } from 'react';
import { isComingSoon, type TFeatureId } from '@shared/features';
import {
  BellIcon,
  BookIcon,
  ChartIcon,
  HomeIcon,
  LayoutIcon,
  LightbulbIcon,
  MegaphoneIcon,
  MessageIcon,
  SettingsIcon,
  TicketIcon,
  UserIcon,
  UsersIcon,
  VideoIcon,
  WalletIcon,
} from '@web/components/ui/icons';

export type TNavItem = {
  /** Label key under dashboard:nav. */
  key: string;
  to: string;
  icon: ComponentType<{ className?: string }>;
  /** Other paths that belong to this section (the item's own path and everything under it always do). */
  also?: string[];
  /** Only the exact paths count (the overview's children are other sections). */
  exact?: boolean;
  /** The feature of @shared/features behind the section: while it is not built, the menu says "coming soon". */
  feature?: TFeatureId;
  /** Shows a count next to the label (activation codes waiting for the teacher's confirmation). */
  count?: 'pendingCodes' | 'pendingReceipts';
};

export const NAV_GROUPS: Array<{ key: string; items: TNavItem[] }> = [
  {
    key: 'teaching',
    items: [
      { key: 'overview', to: '/teacher/dashboard', icon: HomeIcon, also: ['/dashboard'], exact: true },
      { key: 'courses', to: '/teacher/courses', icon: BookIcon, also: ['/teacher/dashboard/courses'] },
      { key: 'codes', to: '/teacher/codes', icon: TicketIcon, count: 'pendingCodes' },
      { key: 'students', to: '/teacher/students', icon: UsersIcon },
      { key: 'liveSessions', to: '/teacher/live-sessions', icon: VideoIcon },
      { key: 'analytics', to: '/teacher/analytics', icon: ChartIcon, feature: 'reports' },
    ],
  },
  {
    key: 'growth',
    items: [
      { key: 'landingPages', to: '/dashboard/landing-pages', icon: LayoutIcon },
      { key: 'revenue', to: '/dashboard/revenue', icon: WalletIcon },
      { key: 'receipts', to: '/teacher/receipts', icon: WalletIcon, count: 'pendingReceipts', also: ['/teacher/transfer-settings'] },
      { key: 'messages', to: '/dashboard/messages', icon: MessageIcon },
      { key: 'ads', to: '/dashboard/ads', icon: MegaphoneIcon },
      { key: 'notifications', to: '/teacher/notifications', icon: BellIcon, feature: 'messages' },
    ],
  },
  {
    key: 'account',
    items: [
      { key: 'profile', to: '/teacher/profile', icon: UserIcon },
      { key: 'settings', to: '/teacher/settings', icon: SettingsIcon },
      { key: 'billing', to: '/dashboard/billing', icon: WalletIcon },
      { key: 'feedback', to: '/dashboard/feedback', icon: LightbulbIcon, feature: 'feedback' },
    ],
  },
];

/** Not built yet (decision 048's marks, in the dashboard). */
export const isSoon = (item: TNavItem) => isComingSoon(item.feature);

export function isActive(item: TNavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [item.to, ...(item.also ?? [])].some((base) => path === base || (!item.exact && path.startsWith(`${base}/`)));
}
