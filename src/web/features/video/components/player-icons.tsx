import type { ReactNode } from 'react';

/** The player's control icons: filled shapes that read well on video at 20 px; labels are on the buttons. */
function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden focusable="false" viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="currentColor">
      {children}
    </svg>
  );
}

// A play triangle points the way time runs (left to right) in every language, like the seek bar.
export const PlayGlyph = () => (
  <Glyph>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </Glyph>
);

export const PauseGlyph = () => (
  <Glyph>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </Glyph>
);

export const VolumeGlyph = ({ muted }: { muted: boolean }) => (
  <Glyph>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.4 3.6a1 1 0 0 0 1.6-.8V5.7a1 1 0 0 0-1.6-.8L8 8.5H5a1 1 0 0 0-1 1Z" />
    {muted ? (
      <path d="m16.3 9.3 4.4 4.4m0-4.4-4.4 4.4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    ) : (
      <path d="M16 8.5a5 5 0 0 1 0 7m2.5-10a9 9 0 0 1 0 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    )}
  </Glyph>
);

export const FullscreenGlyph = ({ active }: { active: boolean }) => (
  <Glyph>
    <path
      d={active ? 'M9 4v5H4m11-5v5h5M9 20v-5H4m11 5v-5h5' : 'M4 9V4h5m6 0h5v5M4 15v5h5m6 0h5v-5'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      fill="none"
    />
  </Glyph>
);
