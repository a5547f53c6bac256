import type { ReactNode } from 'react';

/** The player's icons: one 24×24 SVG frame (`Icon`), the shapes by name (`icons`). */
export function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="player__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
export const icons = {
  play: <path d="M8 5v14l11-7z" fill="currentColor" />,
  pause: <path d="M6 5h4v14H6zM14 5h4v14h-4z" fill="currentColor" />,
  back10: (
    <>
      <path d="M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" fill="currentColor" />
      <text x="12" y="16.5" fontSize="7" textAnchor="middle" fill="currentColor">10</text>
    </>
  ),
  forward10: (
    <>
      <path d="M12 5V2l5 4-5 4V7a6 6 0 1 0 6 6h2a8 8 0 1 1-8-8z" fill="currentColor" />
      <text x="12" y="16.5" fontSize="7" textAnchor="middle" fill="currentColor">10</text>
    </>
  ),
  volume: <path d="M4 9v6h4l5 5V4L8 9H4zm12.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" fill="currentColor" />,
  muted: <path d="M4 9v6h4l5 5V4L8 9H4zm12.6 3 2.9-2.9-1.4-1.4-2.9 2.9-2.9-2.9-1.4 1.4 2.9 2.9-2.9 2.9 1.4 1.4 2.9-2.9 2.9 2.9 1.4-1.4z" fill="currentColor" />,
  subtitles: <path d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm2 8v2h5v-2H6zm7 0v2h5v-2h-5zm-7-3v2h8v-2H6zm10 0v2h2v-2h-2z" fill="currentColor" />,
  audio: <path d="M12 3a4 4 0 0 0-4 4v5a4 4 0 0 0 8 0V7a4 4 0 0 0-4-4zm-7 9h2a5 5 0 0 0 10 0h2a7 7 0 0 1-6 6.9V21h-2v-2.1A7 7 0 0 1 5 12z" fill="currentColor" />,
  /** Data usage: signal bars. */
  data: <path d="M4 20h3v-5H4zm6.5 0h3V10h-3zM17 20h3V4h-3z" fill="currentColor" />,
  quality: <path d="M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.3 7.3 0 0 0 1.7 1L11 21h4l.4-2.9a7.3 7.3 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z" fill="currentColor" />,
  pip: <path d="M3 5h18v14H3zm2 2v10h14V7zm7 5h6v4h-6z" fill="currentColor" />,
  fullscreen: <path d="M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z" fill="currentColor" />,
  exitFullscreen: <path d="M8 4h2v6H4V8h4zm6 0h2v4h4v2h-6zM4 14h6v6H8v-4H4zm10 0h6v2h-4v4h-2z" fill="currentColor" />,
  back: <path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" fill="currentColor" />,
  close: <path d="M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7 10.6 12l-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9z" fill="currentColor" />,
  next: <path d="M6 5v14l9-7zm10 0h2v14h-2z" fill="currentColor" />,
};
