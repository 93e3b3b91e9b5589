const PATHS: Record<string, string> = {
  plane: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  live: 'M3 13h2v-2H3zm0 4h2v-2H3zm0-8h2V7H3zm4 4h14v-2H7zm0 4h14v-2H7zM7 7v2h14V7z',
  agency:
    'M12 5.5A3.5 3.5 0 1 1 8.5 9 3.5 3.5 0 0 1 12 5.5zM5 8a2.5 2.5 0 1 1-2.5 2.5A2.5 2.5 0 0 1 5 8zm14 0a2.5 2.5 0 1 1-2.5 2.5A2.5 2.5 0 0 1 19 8zM12 14c3.3 0 6 1.6 6 3.5V20H6v-2.5C6 15.6 8.7 14 12 14zm-7.3.7A4.6 4.6 0 0 0 4 17v3H0v-2c0-1.6 2-3 4.7-3.3zm14.6 0C22 15 24 16.4 24 18v2h-4v-3a4.6 4.6 0 0 0-.7-2.3z',
  lots: 'M2 20V9l5-4 5 4V5l5 0 5 4v11zm2-2h3v-4h2v4h2v-8L7 7l-3 3zm10 0h2v-4h2v4h2v-8l-3-3h-3z',
  pin: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 14.5 9 2.5 2.5 0 0 1 12 11.5z',
}

/** The landing page's small line icons (decorative). */
export function Icon({ name, size = 28 }: { name: keyof typeof PATHS | string; size?: number }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={PATHS[name] ?? PATHS.pin} fill="currentColor" />
    </svg>
  )
}
