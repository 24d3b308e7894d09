import { SERVICE_WORKER_APPLY_DELAY_MS, SERVICE_WORKER_UPDATE_CHECK_MS } from '@shared/constants';

export const PENDING_UPDATE_KEY = 'darsi-sw-update-pending';

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type TContainer = Pick<ServiceWorkerContainer, 'register' | 'addEventListener' | 'controller'>;

/**
 * Spec §4 and §7.8, the main-site worker at /service-worker.js:
 * - the page checks for a new worker every hour;
 * - an update found while a worker already controls the page only sets a pending flag;
 * - on the next load the pending update is applied about 3 s later (SKIP_WAITING to the waiting worker);
 * - a RELOAD message from the worker (sent once the new one is active) reloads the page.
 */
export async function initServiceWorker(
  container: TContainer | undefined = navigator.serviceWorker,
  storage: TStorage = localStorage,
  reload: () => void = () => window.location.reload(),
) {
  if (!container) return;
  container.addEventListener('message', (event) => {
    if ((event as MessageEvent<{ type?: string }>).data?.type === 'RELOAD') reload();
  });
  const registration = await container.register('/service-worker.js', { scope: '/' });
  registration.addEventListener('updatefound', () => {
    if (container.controller) storage.setItem(PENDING_UPDATE_KEY, '1');
  });
  setInterval(() => void registration.update().catch(() => undefined), SERVICE_WORKER_UPDATE_CHECK_MS);
  if (storage.getItem(PENDING_UPDATE_KEY)) {
    setTimeout(() => {
      storage.removeItem(PENDING_UPDATE_KEY);
      if (registration.waiting) registration.waiting.postMessage({ type: 'SKIP_WAITING' });
      else void registration.update().catch(() => undefined);
    }, SERVICE_WORKER_APPLY_DELAY_MS);
  }
}
