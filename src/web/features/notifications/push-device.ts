/*
 * This browser's web push subscription (decision 210), through the service worker that owns the page: the main
 * site's on the main domain, the landing pages' on a teacher's host (the server names it). Nothing here runs
 * unless the person turns push on.
 */
export type TPushSupport = 'supported' | 'unsupported' | 'iosNotInstalled';

type TNavigatorStandalone = Navigator & { standalone?: boolean };

function isIos(): boolean {
  // iPadOS presents itself as a Mac with a touch screen.
  return /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

function isInstalled(): boolean {
  return (navigator as TNavigatorStandalone).standalone === true || window.matchMedia('(display-mode: standalone)').matches;
}

export function pushSupport(): TPushSupport {
  if (isIos() && !isInstalled()) return 'iosNotInstalled';
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window ? 'supported' : 'unsupported';
}

async function registration(worker: string): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register(worker, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if any (without registering a worker). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ? existing.pushManager.getSubscription() : null;
}

/** The VAPID public key as the bytes PushManager.subscribe takes everywhere (some browsers refuse the string). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * Whether the subscription was made with the server's current key: after the key pair was replaced (decision 228),
 * the push service refuses every push signed for it. A browser that does not say which key it used is trusted.
 */
export function madeWithKey(subscription: PushSubscription, publicKey: string): boolean {
  const used = subscription.options?.applicationServerKey;
  if (!used) return true;
  const want = keyBytes(publicKey);
  const got = new Uint8Array(used);
  return got.length === want.length && got.every((b, i) => b === want[i]);
}

function subscribeWith(reg: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

/** Asks the permission, then subscribes (again, if the browser's subscription is for an older key); null when refused. */
export async function subscribeBrowser(worker: string, publicKey: string): Promise<PushSubscriptionJSON | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const reg = await registration(worker);
  const existing = await reg.pushManager.getSubscription();
  if (existing && madeWithKey(existing, publicKey)) return existing.toJSON();
  await existing?.unsubscribe();
  return (await subscribeWith(reg, publicKey)).toJSON();
}

/** Replaces this browser's subscription by one for the server's current key; the permission is already granted. */
export async function resubscribeBrowser(old: PushSubscription, publicKey: string): Promise<PushSubscriptionJSON | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  if (!reg) return null;
  await old.unsubscribe();
  return (await subscribeWith(reg, publicKey)).toJSON();
}
