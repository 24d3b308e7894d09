import type { ComponentType } from 'react';
import { isComingSoon, type TFeatureId } from '@shared/features';
import { roleAllows, type TStaffPermission, type TStaffRole } from '@shared/staff';
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
  /** What a staff member's role must allow to see the section (issue 28): the server refuses the rest anyway. */
  permission: TStaffPermission | TStaffPermission[];
};

/** Whether a role (null: the teacher themselves) sees the section. */
export const navAllowed = (item: TNavItem, role: TStaffRole | null) =>
  (Array.isArray(item.permission) ? item.permission : [item.permission]).some((p) => roleAllows(role, p));

export const NAV_GROUPS: Array<{ key: string; items: TNavItem[] }> = [
  {
    key: 'teaching',
    items: [
      { key: 'overview', to: '/teacher/dashboard', icon: HomeIcon, also: ['/dashboard'], exact: true, permission: 'dashboard' },
      { key: 'courses', to: '/teacher/courses', icon: BookIcon, also: ['/teacher/dashboard/courses'], permission: 'content' },
      { key: 'codes', to: '/teacher/codes', icon: TicketIcon, count: 'pendingCodes', permission: 'codes' },
      { key: 'students', to: '/teacher/students', icon: UsersIcon, permission: 'students' },
      { key: 'liveSessions', to: '/teacher/live-sessions', icon: VideoIcon, permission: ['live', 'attendance'] },
      { key: 'analytics', to: '/teacher/analytics', icon: ChartIcon, feature: 'reports', permission: 'money' },
    ],
  },
  {
    key: 'growth',
    items: [
      { key: 'landingPages', to: '/dashboard/landing-pages', icon: LayoutIcon, permission: 'content' },
      { key: 'revenue', to: '/dashboard/revenue', icon: WalletIcon, permission: 'money' },
      { key: 'receipts', to: '/teacher/receipts', icon: WalletIcon, count: 'pendingReceipts', also: ['/teacher/transfer-settings'], permission: 'receipts' },
      { key: 'messages', to: '/dashboard/messages', icon: MessageIcon, permission: 'messages' },
      { key: 'ads', to: '/dashboard/ads', icon: MegaphoneIcon, permission: 'content' },
      { key: 'notifications', to: '/teacher/notifications', icon: BellIcon, permission: 'dashboard' },
    ],
  },
  {
    key: 'account',
    items: [
      { key: 'profile', to: '/teacher/profile', icon: UserIcon, permission: 'settings' },
      { key: 'settings', to: '/teacher/settings', icon: SettingsIcon, permission: 'settings' },
      { key: 'billing', to: '/dashboard/billing', icon: WalletIcon, permission: 'money' },
      { key: 'staff', to: '/dashboard/staff', icon: UsersIcon, permission: 'staff' },
      { key: 'feedback', to: '/dashboard/feedback', icon: LightbulbIcon, permission: 'settings' },
    ],
  },
];

/** Not built yet (decision 048's marks, in the dashboard). */
export const isSoon = (item: TNavItem) => isComingSoon(item.feature);

export function isActive(item: TNavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [item.to, ...(item.also ?? [])].some((base) => path === base || (!item.exact && path.startsWith(`${base}/`)));
}
