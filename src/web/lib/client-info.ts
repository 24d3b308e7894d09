import { MOBILE_MAX_WIDTH_PX } from '@shared/constants';

export type TClientPlatform = 'ios' | 'mobile' | 'web';

type TClientHints = { userAgent: string; maxTouchPoints: number; width: number };

/**
 * Spec §7: the platform every request announces in its `client-info` header: ios (an iPhone, iPod or iPad,
 * including an iPad that presents itself as a Mac), mobile (a phone's user agent, or a window under 768 px)
 * or web.
 */
export function clientPlatform({ userAgent, maxTouchPoints, width }: TClientHints): TClientPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android|Mobi|Opera Mini|IEMobile/i.test(userAgent) || width <= MOBILE_MAX_WIDTH_PX) return 'mobile';
  return 'web';
}

/** The header value for this browser, read at each request (a window can be resized between two). */
export function currentClientInfo(): TClientPlatform {
  if (typeof window === 'undefined') return 'web';
  return clientPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0, width: window.innerWidth });
}
