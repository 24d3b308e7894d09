/** Outline icons (24×24, stroke) drawn inline: no icon font, no extra request. Decorative: hidden from screen readers. */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M6 9l6 6 6-6',
  check: 'M5 12l5 5L19 7',
  x: 'M7 7l10 10M17 7L7 17',
  globe: 'M12 2a10 10 0 100 20 10 10 0 000-20zM2 12h20M12 2a15 15 0 010 20M12 2a15 15 0 000 20',
  arrowUp: 'M12 19V5M5 12l7-7 7 7',
  arrowNext: 'M5 12h14M13 6l6 6-6 6',
  arrowPrev: 'M19 12H5M11 6l-6 6 6 6',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2',
  clock: 'M12 2a10 10 0 100 20 10 10 0 000-20zM12 6v6l4 2',
  pin: 'M12 22s7-6.5 7-12a7 7 0 10-14 0c0 5.5 7 12 7 12zM12 7a3 3 0 100 6 3 3 0 000-6z',
  book: 'M4 5a2 2 0 012-2h13v16H6a2 2 0 00-2 2zM4 5v16M8 7h7',
  key: 'M15 7a4 4 0 11-3.9 4.9L3 20v-3h3v-3h3l2.1-2.1A4 4 0 0115 7z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  layout: 'M3 4h18v16H3zM3 9h18M9 9v11',
  video: 'M3 6h12v12H3zM15 10l6-4v12l-6-4',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3.5a4 4 0 010 7.5M18 14a6 6 0 014 7',
  megaphone: 'M3 10v4h4l6 5V5L7 10zM17 8a5 5 0 010 8',
  card: 'M2 6h20v12H2zM2 10h20M6 15h4',
  tiktok: 'M14 3v11a4 4 0 11-4-4M14 3a5 5 0 005 5',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  quote: 'M10 11H6a1 1 0 01-1-1V7a1 1 0 011-1h3a1 1 0 011 1v4c0 3-1.5 5-4 6M19 11h-4a1 1 0 01-1-1V7a1 1 0 011-1h3a1 1 0 011 1v4c0 3-1.5 5-4 6',
  rocket: 'M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M9 15l-3-3c1-4 4.5-8 11-9-1 6.5-5 10-9 11zM15 9a1 1 0 100-2 1 1 0 000 2z',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z',
  instagram: 'M4 4h16v16H4zM12 8a4 4 0 100 8 4 4 0 000-8zM17 7h.01',
  youtube: 'M2 12s0-4 1-5 9-1 9-1 8 0 9 1 1 5 1 5 0 4-1 5-9 1-9 1-8 0-9-1-1-5-1-5zM10 9v6l5-3z',
  linkedin: 'M4 9h4v11H4zM6 4a2 2 0 100 4 2 2 0 000-4zM10 9h4v2a4 4 0 017 3v6h-4v-6a2 2 0 00-4 0v6h-3z',
  pause: 'M9 5v14M15 5v14',
  play: 'M7 4l13 8-13 8z',
  palette: 'M12 3a9 9 0 000 18c1.5 0 2-1 2-2s-1-2 0-3h3a4 4 0 004-4c0-5-4-9-9-9zM7 12h.01M9 7h.01M15 7h.01',
} as const;

export type TIconName = keyof typeof PATHS;

/** Arrows that point "forward" flip in right-to-left pages. */
const MIRRORED = new Set<TIconName>(['arrowNext', 'arrowPrev']);

export function Icon({ name, className = 'h-5 w-5' }: { name: TIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`${className} shrink-0${MIRRORED.has(name) ? ' rtl:-scale-x-100' : ''}`}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
