import { isSafeImageUrl } from './landing-url';
import type { THeroBackground, TThemeColors } from './schemas/landing';

const HEX = /^#[0-9a-fA-F]{6}$/;
const TYPES = new Set(['gradient', 'color', 'image']);

/**
 * Spec §4 hero-background-changed: settings from the editor, checked without zod so that the page
 * script stays small. Anything unexpected is refused whole.
 */
export function asHeroBackground(value: unknown): THeroBackground | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.type !== 'string' || !TYPES.has(v.type)) return null;
  for (const key of ['color', 'gradientFrom', 'gradientTo'] as const)
    if (v[key] !== undefined && !(typeof v[key] === 'string' && HEX.test(v[key]))) return null;
  if (v.imageUrl !== undefined && v.imageUrl !== '' && !isSafeImageUrl(v.imageUrl)) return null;
  if (v.overlay !== undefined && !(typeof v.overlay === 'number' && v.overlay >= 0 && v.overlay <= 0.9)) return null;
  return v as THeroBackground;
}

/** The hero's background as CSS declarations; every value was validated as a hex colour or safe URL. */
export function heroBackgroundCss(bg: THeroBackground, theme: TThemeColors): Record<string, string> {
  if (bg.type === 'color') return { backgroundColor: bg.color ?? theme.primary };
  if (bg.type === 'image' && bg.imageUrl && isSafeImageUrl(bg.imageUrl)) {
    const shade = Math.min(0.9, Math.max(0, bg.overlay ?? 0.45));
    return {
      backgroundColor: theme.primary,
      backgroundImage: `linear-gradient(rgba(0,0,0,${shade}),rgba(0,0,0,${shade})),url(${JSON.stringify(bg.imageUrl)})`,
      backgroundSize: 'cover',
      backgroundPosition: 'center',
    };
  }
  return { backgroundImage: `linear-gradient(135deg,${bg.gradientFrom ?? theme.primary},${bg.gradientTo ?? theme.secondary})` };
}
