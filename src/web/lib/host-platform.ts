/** The teacher platform this host belongs to ({subdomain}.{host}); the server marks it on <html>. */
export function hostPlatform(): string | null {
  return document.documentElement.dataset.platform ?? null;
}

/**
 * An address on Darsi's main site ({host}), from a teacher's host ({subdomain}.{host}) too: "/" on a
 * teacher's host is their page (or /inactive when they are paused), never the way out.
 */
export function mainSiteUrl(path: string): string {
  const platform = hostPlatform();
  const { protocol, hostname, port } = window.location;
  if (!platform || !hostname.startsWith(`${platform}.`)) return path;
  return `${protocol}//${hostname.slice(platform.length + 1)}${port ? `:${port}` : ''}${path}`;
}
