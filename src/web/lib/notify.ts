import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/constants';

/**
 * Spec §9 toast durations: success 2 s, error 4 s, anything else 4 s.
 * The toast library stays out of the first load: the Toaster mounts on the first toast
 * (app/providers.tsx), and a toast is sent only once it is listening, or it would be lost.
 */
let requestToaster: () => void = () => undefined;
let toasterReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  toasterReady = resolve;
});

export const toasterGate = {
  onRequest: (fn: () => void) => {
    requestToaster = fn;
  },
  markReady: () => toasterReady(),
};

async function show(kind: 'success' | 'error' | 'info', message: string) {
  requestToaster();
  const [{ toast }] = await Promise.all([import('sonner'), ready]);
  if (kind === 'success') toast.success(message, { duration: TOAST_DURATION_MS.success });
  else if (kind === 'error') toast.error(message, { duration: TOAST_DURATION_MS.error });
  else toast.message(message, { duration: TOAST_DURATION_MS.other });
  // Spec §9: at most 20 toasts. The Toaster's visibleToasts only hides the extra ones, which would still
  // pile up (and keep their timers); dismiss the oldest instead. getToasts() lists them oldest first.
  const active = toast.getToasts();
  for (const old of active.slice(0, Math.max(0, active.length - TOAST_LIMIT))) toast.dismiss(old.id);
}

export const notify = {
  success: (message: string) => void show('success', message),
  error: (message: string) => void show('error', message),
  info: (message: string) => void show('info', message),
};
