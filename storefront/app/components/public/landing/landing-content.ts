/** The landing page's marketing copy and imagery (all illustrations are in public/images). */
import type { Slide } from '~/components/public/landing/landmark-slider'

export const WHY_US = [
  {
    icon: 'plane',
    title: 'Minutes from KLIA',
    text: 'About 20 minutes to KLIA and klia2, and 5 minutes to the North-South Expressway at the Nilai interchange.',
  },
  {
    icon: 'live',
    title: 'Live availability',
    text: "Every lot's status, land area in sqm and sqft and price in ringgit, updated the moment a booking is made.",
  },
  {
    icon: 'agency',
    title: 'Booked through your agency',
    text: "Requests go through your agency's agent admin, then the developer confirms. One request holds a lot: no double booking.",
  },
  {
    icon: 'lots',
    title: 'A lot for every business',
    text: 'Corner, intermediate and end lots of 186 to 201 sqm, two storeys each, priced from RM 400,000 to over RM 600,000.',
  },
] as const

export const LANDMARKS: Slide[] = [
  {
    src: '/images/landmarks/klia.svg',
    alt: 'Illustration of an airliner taking off over the KLIA terminal',
    title: 'KLIA and klia2',
    caption: 'Kuala Lumpur International Airport, about 20 minutes by the KLIA Expressway.',
  },
  {
    src: '/images/landmarks/sepang-circuit.svg',
    alt: 'Illustration of the Sepang International Circuit grandstand and track',
    title: 'Sepang International Circuit',
    caption: 'The home of Malaysian motorsport, about 20 minutes to the south-west.',
  },
  {
    src: '/images/landmarks/nilai-3.svg',
    alt: 'Illustration of rows of wholesale shop fronts at Nilai 3',
    title: 'Nilai 3 Wholesale Centre',
    caption: 'The wholesale centre for textiles, furniture and home goods, about 10 minutes away.',
  },
  {
    src: '/images/landmarks/putrajaya.svg',
    alt: 'Illustration of a domed government building across a lake in Putrajaya',
    title: 'Putrajaya',
    caption: 'The federal administrative centre, about 25 minutes to the north.',
  },
  {
    src: '/images/landmarks/nse-interchange.svg',
    alt: 'Illustration of a highway interchange with overhead signs',
    title: 'North-South Expressway, Nilai',
    caption: "The Nilai interchange of the country's main highway, about 5 minutes away.",
  },
  {
    src: '/images/landmarks/seremban.svg',
    alt: 'Illustration of the Seremban skyline beside a lake garden',
    title: 'Seremban',
    caption: 'The state capital of Negeri Sembilan, about 25 minutes to the south.',
  },
]

export const HUB_ADDRESS = 'Jalan Aero Industri, 71800 Nilai, Negeri Sembilan'
