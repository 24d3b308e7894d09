/** The teacher platform this host belongs to ({subdomain}.{host}); the server marks it on <html>. */
export function hostPlatform(): string | null {
  return document.documentElement.dataset.platform ?? null;
}
