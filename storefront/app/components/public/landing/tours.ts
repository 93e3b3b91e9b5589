/**
 * The three virtual tours of the landing page. Each is an animated SVG slideshow made in
 * this project (public/images/tours): illustrations of the site plan, the street and a
 * lot's interior, labelled as such, not filmed footage.
 */
export interface Tour {
  id: string
  title: string
  summary: string
  /** The still shown on the card. */
  poster: string
  /** The animated tour itself, fetched only when it is opened. */
  src: string
  /** Seconds of one run through every scene. */
  seconds: number
  /** What each scene shows, in order: the tour's transcript. */
  scenes: string[]
}

export const TOURS: Tour[] = [
  {
    id: 'site-plan',
    title: 'Site plan walkthrough',
    summary: 'The 24 Phase 4 shop lots from above: rows, corners, roads and the service lane.',
    poster: '/images/tours/site-plan-poster.svg',
    src: '/images/tours/site-plan.svg',
    seconds: 16,
    scenes: [
      'Phase 4 from above: two rows of twelve shop lots between Jalan Aero Industri and Jalan Aero 2.',
      'Corner lots (type A) sit at both ends of each row, with wider frontage and side access.',
      'A 12-metre service lane runs between the rows for loading and deliveries.',
      'An intermediate lot (type B): 186 sqm of land, 2,002 sqft, two storeys.',
    ],
  },
  {
    id: 'street-view',
    title: 'Street view: Jalan Aero Industri',
    summary: 'A drive along the main frontage, from the guard house to the corner lots.',
    poster: '/images/tours/street-view-poster.svg',
    src: '/images/tours/street-view.svg',
    seconds: 16,
    scenes: [
      'Entering Phase 4 past the guard house on Jalan Aero Industri.',
      'The main frontage: two-storey shop lots with covered five-foot walkways.',
      'A corner lot with its side yard and signage space facing the junction.',
      'The same street in the evening, with walkway and street lighting.',
    ],
  },
  {
    id: 'inside-lot',
    title: 'Inside a shop lot',
    summary: 'Ground-floor workspace, first-floor office and the rear loading bay.',
    poster: '/images/tours/inside-lot-poster.svg',
    src: '/images/tours/inside-lot.svg',
    seconds: 16,
    scenes: [
      'Ground floor: an open workspace behind a full-width roller shutter.',
      'The staircase up to the first floor, with a store room beneath it.',
      'First floor: an open office with windows to the front and back.',
      'The rear loading bay opening onto the service lane.',
    ],
  },
]
