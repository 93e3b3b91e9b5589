/** The Mahkota Kampar launch page's gallery (illustrations in public/images/mahkota) and tabs. */
import type { GalleryImage } from '~/components/public/launch/gallery'

export const LAUNCH_TABS = ['overview', 'features', 'location', 'investment'] as const
export type LaunchTab = (typeof LAUNCH_TABS)[number]

export const LAUNCH_GALLERY: GalleryImage[] = [
  {
    src: '/images/mahkota/facade.svg',
    alt: 'Illustration of the Mahkota Kampar shop offices seen from Jalan Mahkota',
    caption: 'The row of double-storey shop offices on Jalan Mahkota',
  },
  {
    src: '/images/mahkota/corner.svg',
    alt: 'Illustration of a corner shop office with side frontage and signage',
    caption: 'A corner unit with side frontage',
  },
  {
    src: '/images/mahkota/walkway.svg',
    alt: 'Illustration of the covered five-foot walkway along the shop fronts',
    caption: 'The covered five-foot walkway',
  },
  {
    src: '/images/mahkota/interior.svg',
    alt: 'Illustration of an open-plan ground floor with a staircase at the back',
    caption: 'An open-plan ground floor',
  },
  {
    src: '/images/mahkota/evening.svg',
    alt: 'Illustration of the shop offices lit up in the evening',
    caption: 'The shop offices in the evening',
  },
]
