import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@web/components/area/brand';
import { CloseIcon } from '@web/components/ui/icons';
import { PlatformLink } from './platform-link';
import { overviewQuery } from '@web/features/dashboard/api';
import { SidebarNav } from './sidebar-nav';

type TDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  /** The top bar's menu button, which opened the drawer and gets the focus back. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/**
 * The sidebar on phones: a modal panel sliding from the start side. Radix traps the focus, closes it on
 * Escape or outside click, locks the page scroll and gives the focus back to the menu button.
 */
export function MobileDrawer({ open, onOpenChange, name, returnFocusTo }: TDrawerProps) {
  const { t } = useTranslation('dashboard');
  const overview = useQuery(overviewQuery);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          data-testid="mobile-drawer"
          className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl focus:outline-none md:hidden"
        >
          <div className="flex items-start justify-between gap-2 border-b border-gray-100 p-4">
            <Brand to="/teacher/dashboard" area={t('topBar.teacherArea')} />
            <Dialog.Close
              aria-label={t('nav.closeMenu')}
              data-testid="menu-close"
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              <CloseIcon className="h-6 w-6" />
            </Dialog.Close>
          </div>
          <div className="border-b border-gray-100 px-4 py-3">
            <Dialog.Title className="truncate font-bold text-gray-900">{name}</Dialog.Title>
            {overview.data && <PlatformLink url={overview.data.platformUrl} className="text-sm" />}
          </div>
          <SidebarNav testId="drawer-nav" onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
