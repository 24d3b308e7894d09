/** Tracking pixel providers and the shape of their account IDs (no zod: the page script uses this). */
export const PIXEL_PROVIDERS = ['meta', 'tiktok', 'google'] as const;
export type TPixelProvider = (typeof PIXEL_PROVIDERS)[number];

export const PIXEL_ID_PATTERNS: Record<TPixelProvider, RegExp> = {
  meta: /^\d{5,20}$/,
  tiktok: /^[A-Z0-9]{10,30}$/,
  google: /^(G|AW)-[A-Z0-9]{4,20}$/,
};

export function isValidPixel(value: unknown): value is { provider: TPixelProvider; id: string } {
  if (!value || typeof value !== 'object') return false;
  const { provider, id } = value as { provider?: unknown; id?: unknown };
  return (
    typeof provider === 'string' &&
    Object.hasOwn(PIXEL_ID_PATTERNS, provider) &&
    typeof id === 'string' &&
    PIXEL_ID_PATTERNS[provider as TPixelProvider].test(id)
  );
}
