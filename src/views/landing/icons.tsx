import type { ReactNode } from 'react';
import type { FEATURE_ICONS, TContactActionType } from '@shared/schemas/landing';

/*
 * Inline icons (Lucide-style paths drawn by us), so that a page needs no icon font and no extra
 * request. Teachers pick icons by name; they never supply SVG.
 */
const PATHS: Record<(typeof FEATURE_ICONS)[number] | TContactActionType | 'menu' | 'school' | 'image', ReactNode> = {
  star: <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />,
  book: <path d="M4 19.5V4.5A2.5 2.5 0 0 1 6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5zm0 0A2.5 2.5 0 0 1 6.5 17H20" />,
  video: <path d="M15 10l5-3v10l-5-3zM3 6h12v12H3z" />,
  users: <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm13 10v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />,
  award: <path d="M12 15a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm-3.5-1.1L7 23l5-3 5 3-1.5-9.1" />,
  clock: <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm0-16v6l4 2" />,
  check: <path d="M20 6 9 17l-5-5" />,
  shield: <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />,
  chart: <path d="M3 3v18h18M7 16v-5m5 5V8m5 8v-3" />,
  lightbulb: <path d="M9 18h6m-5 4h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z" />,
  heart: <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8L12 21l8.8-8.6a5.5 5.5 0 0 0 0-7.8z" />,
  globe: <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20" />,
  phone: (
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
  ),
  calendar: <path d="M3 4h18v18H3zM16 2v4M8 2v4M3 10h18" />,
  certificate: <path d="M4 4h16v12H4zM8 8h8m-8 4h5m3 4v6l2-1.5 2 1.5v-6" />,
  target: <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm0-4a6 6 0 1 0 0-12 6 6 0 0 0 0 12zm0-4a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" />,
  whatsapp: <path d="M3 21l1.7-5A8.5 8.5 0 1 1 8 19.3zM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8a5 5 0 0 1-2.8-2.8l.8-1-1-2z" />,
  email: <path d="M2 5h20v14H2zm0 1 10 7 10-7" />,
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  instagram: <path d="M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm9 9.4A4 4 0 1 1 12.6 8a4 4 0 0 1 3.4 3.4zM17.5 6.5h.01" />,
  telegram: <path d="m22 2-7 20-4-9-9-4zm0 0L11 13" />,
  youtube: (
    <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17zM10 15l5-3-5-3z" />
  ),
  tiktok: <path d="M9 12a4 4 0 1 0 4 4V2c.5 2.5 2.5 4.5 5 5" />,
  website: <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  school: <path d="m22 10-10-5-10 5 10 5zM6 12v5c3 3 9 3 12 0v-5" />,
  image: <path d="M3 3h18v18H3zm5.5 7a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21" />,
};

export type TIconName = keyof typeof PATHS;

export function Icon({ name, className = 'lp-icon' }: { name: TIconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[name] ?? PATHS.star}
    </svg>
  );
}
