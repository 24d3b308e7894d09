/*
 * A card's QR token between the scan and the tap that redeems it (decision 106). It arrives in the link's
 * fragment (never sent to a server), is kept on this device while the student signs in or registers
 * (localStorage: sign-in clears sessionStorage), and is forgotten once used or after an hour.
 */
const KEY = 'darsi.card-link';
const TTL_MS = 60 * 60_000;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export function keepCardLink(token: string): boolean {
  if (!TOKEN.test(token)) return false;
  try {
    localStorage.setItem(KEY, JSON.stringify({ token, at: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

export function storedCardLink(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const { token, at } = JSON.parse(raw) as { token?: unknown; at?: unknown };
    if (typeof token !== 'string' || typeof at !== 'number' || Date.now() - at > TTL_MS || !TOKEN.test(token)) {
      forgetCardLink();
      return null;
    }
    return token;
  } catch {
    return null;
  }
}

export function forgetCardLink(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
