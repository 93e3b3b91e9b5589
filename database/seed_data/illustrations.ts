/**
 * A row of two-storey shop lots with one lot highlighted, as an SVG drawing: the demo
 * catalogue's pictures, made without downloads. Shapes only (no text), so it renders the
 * same on machines without fonts.
 */
export type View = 'day' | 'dusk'

const PALETTES: Record<View, { skyTop: string; skyBottom: string; window: string; ground: string }> = {
  day: { skyTop: '#7fb7e6', skyBottom: '#dcefff', window: '#a9d3f5', ground: '#9a9a94' },
  dusk: { skyTop: '#2b3a67', skyBottom: '#f4a259', window: '#ffd37a', ground: '#5d5a58' },
}

export function shopLotIllustration(view: View, highlight: number): string {
  const palette = PALETTES[view]
  const lots = Array.from({ length: 6 }, (_, index) => {
    const x = 30 + index * 180
    const wall = index === highlight ? '#f2c14e' : index % 2 ? '#e8e4da' : '#f4f1ea'
    const windows = [0, 1, 2]
      .map(
        (column) =>
          `<rect x="${x + 22 + column * 48}" y="250" width="36" height="60" rx="3" fill="${palette.window}" stroke="#5b6470" stroke-width="3"/>`
      )
      .join('')
    const shutter = Array.from(
      { length: 8 },
      (_, line) =>
        `<line x1="${x + 20}" y1="${420 + line * 14}" x2="${x + 160}" y2="${420 + line * 14}" stroke="#8b939c" stroke-width="2"/>`
    ).join('')
    return [
      `<rect x="${x}" y="200" width="180" height="360" fill="${wall}" stroke="#6d7278" stroke-width="4"/>`,
      `<rect x="${x}" y="186" width="180" height="18" fill="#b94a3b"/>`,
      windows,
      `<rect x="${x + 12}" y="340" width="156" height="34" fill="#2f4858"/>`,
      `<rect x="${x + 20}" y="410" width="140" height="150" fill="#c9ced3"/>`,
      shutter,
    ].join('')
  }).join('')

  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750" viewBox="0 0 1200 750">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient></defs>
  <rect width="1200" height="750" fill="url(#sky)"/>
  <circle cx="${view === 'day' ? 1030 : 180}" cy="110" r="52" fill="${view === 'day' ? '#fff3b0' : '#fcd581'}"/>
  ${lots}
  <rect x="0" y="560" width="1200" height="190" fill="${palette.ground}"/>
  <rect x="0" y="640" width="1200" height="10" fill="#f7f7f2"/>
  ${[80, 330, 580, 830, 1080].map((x) => `<rect x="${x}" y="690" width="90" height="8" fill="#f7f7f2"/>`).join('')}
  <rect x="1152" y="450" width="10" height="110" fill="#6b4f3a"/><circle cx="1157" cy="432" r="34" fill="#3f7d3a"/>
</svg>`
}
