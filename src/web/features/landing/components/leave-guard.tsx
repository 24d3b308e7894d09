import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { Button } from '@web/components/ui/button';

/** Leaving with unsaved changes asks first: inside the app with a dialog, when closing the tab the browser's own. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('landing');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4" role="presentation">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="leave-title"
        aria-describedby="leave-text"
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
        data-testid="leave-dialog"
      >
        <h2 id="leave-title" className="text-lg font-bold text-gray-900">
          {t('editor.leave.title')}
        </h2>
        <p id="leave-text" className="mt-2 text-sm text-gray-600">
          {t('editor.leave.text')}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => blocker.reset()} autoFocus data-testid="leave-stay">
            {t('editor.leave.stay')}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed()} data-testid="leave-confirm">
            {t('editor.leave.leave')}
          </Button>
        </div>
      </div>
    </div>
  );
}
