/*
 * The one rule for every redirect target a request may carry (issue 23, decision 108): Better Auth's
 * verification `callbackURL`, the sign-in and sign-up `redirectTo`, the no-script forms' return page.
 *
 * A prefix check on the raw text is not enough: "/.//evil.example", "/a/..//evil" and "/%2e//evil" start
 * with one slash, but a browser (and every WHATWG URL parser) resolves their dot segments into
 * "//evil.example", a link to another host. So the target is resolved first, against a stand-in origin, and
 * kept only when it stays on that origin AND its resolved path cannot be read as another host again.
 * Backslashes ("/\evil" is "//evil" to a browser) and control characters (browsers drop tabs and newlines,
 * so "/\t/evil" becomes "//evil") are refused outright rather than reasoned about.
 */
const STAND_IN = 'https://darsi.invalid';

/** The resolved same-site path (path, query and hash) a target leads to, or null when it leaves the site. */
export function sameSitePath(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, STAND_IN);
  } catch {
    return null;
  }
  if (url.origin !== STAND_IN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "//host" after resolution is another host; so is anything that no longer resolves to the stand-in.
  if (path.startsWith('//') || new URL(path, STAND_IN).origin !== STAND_IN) return null;
  return path;
}

/** A redirect target that stays on this site, resolved; the fallback otherwise. */
export function safeRedirect(target: unknown, fallback: string): string {
  return sameSitePath(target) ?? fallback;
}

/**
 * For a target another library will use as written (Better Auth's callbackURL): safe only when it is already
 * in its resolved form, so that no later resolution can turn it into something this check did not see.
 */
export function isSafeRedirectAsWritten(target: unknown): boolean {
  return typeof target === 'string' && sameSitePath(target) === target;
}
