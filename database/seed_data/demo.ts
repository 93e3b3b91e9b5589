/**
 * The demo world (requirements: decisions.md#d12-demo-data): the Aero Industrial Hub near Nilai with its
 * 24 Phase-4 shop lots, the Mahkota Kampar launch (each with a 30% Bumiputera quota and its discount
 * package), five agencies, one account per role.
 * Every record has a natural key so that seeding twice changes nothing.
 */

export const DEMO_PASSWORD = 'Demo@2024'

export const agencies = [
  {
    name: 'Nilai Prime Realty',
    description: 'Industrial and commercial specialists for Nilai, Bandar Baru Nilai and the KLIA corridor.',
    contactEmail: 'hello@nilaiprime.example.my',
    contactPhone: '+60 6-799 1200',
    address: 'No. 12, Jalan BBN 1/2, Putra Nilai, 71800 Nilai, Negeri Sembilan',
  },
  {
    name: 'Seremban Land Agency',
    description: 'Shop lots, land and factories across Seremban and Senawang.',
    contactEmail: 'enquiry@serembanland.example.my',
    contactPhone: '+60 6-762 3344',
    address: '28, Jalan Dato Bandar Tunggal, 70000 Seremban, Negeri Sembilan',
  },
  {
    name: 'KLIA Gateway Properties',
    description: 'Logistics and aviation-linked property near KLIA and Sepang.',
    contactEmail: 'sales@kliagateway.example.my',
    contactPhone: '+60 3-8787 4500',
    address: 'Lot 5, Jalan Pekeliling, 64000 Sepang, Selangor',
  },
  {
    name: 'Kampar Heritage Realty',
    description: 'Residential and shop-lot agents for Kampar and the Kinta Valley.',
    contactEmail: 'contact@kamparheritage.example.my',
    contactPhone: '+60 5-466 2100',
    address: '7, Jalan Gopeng, 31900 Kampar, Perak',
  },
  {
    name: 'Klang Valley Industrial Estates',
    description: 'Factories, warehouses and industrial land from Shah Alam to Klang.',
    contactEmail: 'info@kvestates.example.my',
    contactPhone: '+60 3-5510 8800',
    address: 'Level 3, Wisma Perindustrian, Seksyen 15, 40200 Shah Alam, Selangor',
  },
] as const

export const developments = [
  {
    slug: 'aeroindustrial',
    name: 'Aero Industrial Hub',
    propertyType: 'Shop Lot',
    location: 'Nilai, Negeri Sembilan',
    address: 'Jalan Aero Industri, 71800 Nilai, Negeri Sembilan',
    description:
      'Phase 4 of the Aero Industrial Hub: 24 two-storey shop lots minutes from KLIA, the ' +
      'North-South Expressway and the Nilai commercial centre.',
    phase: 4,
    totalUnits: 24,
    launchYear: 2024,
    bumiputeraQuotaPercent: 30,
  },
  {
    slug: 'mahkota-kampar',
    name: 'Mahkota Kampar',
    propertyType: 'Shop Lot',
    location: 'Kampar, Perak',
    address: 'Jalan Mahkota, 31900 Kampar, Perak',
    description: 'New launch of double-storey shop offices beside the Kampar university town.',
    phase: 1,
    totalUnits: null,
    launchYear: 2024,
    bumiputeraQuotaPercent: 30,
  },
] as const

type LotType = { code: 'A' | 'B' | 'C'; type: string; propertyType: string; landSqm: number; builtUpSqm: number }

const CORNER: LotType = { code: 'A', type: 'CORNER (A)', propertyType: 'Corner', landSqm: 201, builtUpSqm: 268 }
const INTERMEDIATE: LotType = {
  code: 'B',
  type: 'INTERMEDIATE (B)',
  propertyType: 'Intermediate',
  landSqm: 186,
  builtUpSqm: 242,
}
const END_LOT: LotType = { code: 'C', type: 'END LOT (C)', propertyType: 'End Lot', landSqm: 186, builtUpSqm: 251 }

/** Two rows of twelve: corners at both ends of each row, end lots beside them. */
function lotType(position: number): LotType {
  const inRow = ((position - 1) % 12) + 1
  if (inRow === 1 || inRow === 12) return CORNER
  if (inRow === 2 || inRow === 11) return END_LOT
  return INTERMEDIATE
}

/** Intermediate lots in the 400-500k band, end lots 500-600k, corners 600k and above. */
function lotPrice(type: LotType, position: number): number {
  const row = position > 12 ? 1 : 0
  const inRow = ((position - 1) % 12) + 1
  const frontage = Math.abs(6.5 - inRow) // lots nearer the row's middle face the main road
  if (type.code === 'A') return 628_000 + row * 30_000
  if (type.code === 'C') return 538_000 + row * 28_000
  return Math.round(468_000 + row * 18_000 - frontage * 6_000)
}

const STATUS_BY_POSITION: Record<number, string> = {
  3: 'sold',
  4: 'sold',
  7: 'booked',
  12: 'sold',
  15: 'reserved',
  18: 'booked',
  20: 'reserved',
  24: 'locked',
}

/**
 * The hub's Bumiputera quota lots so far: two, on sale and booked by nobody (a quota lot is for verified
 * Bumiputera buyers only, and no demo buyer is one), so the quota-fill panel shows the hub six short of
 * its 30%. The rest stay on sale to anyone: the demo's buyers and the browser journeys book them.
 */
export const QUOTA_POSITIONS = new Set([6, 8])

/** Each development's Bumiputera discount: on its quota lots, for verified Bumiputera buyers only. */
export const bumiputeraPackage = {
  name: 'Bumiputera discount 7%',
  kind: 'percent',
  percentBp: 700,
  combinable: true,
  eligibility: 'bumiputera',
} as const

export const aeroShopLots = Array.from({ length: 24 }, (_, index) => {
  const position = index + 1
  const type = lotType(position)
  const number = String(position).padStart(2, '0')
  const price = lotPrice(type, position)
  return {
    lotNumber: String(position),
    unitNumber: `MKS-${number}`,
    name: `Aero Industrial Hub Shop Lot MKS-${number}`,
    title: `PT 54${String(100 + position)}`,
    location: 'Nilai, Negeri Sembilan',
    category: 'shoplot',
    type: type.type,
    typeCode: type.code,
    propertyType: type.propertyType,
    landSizeSqm: type.landSqm,
    builtUpSqm: type.builtUpSqm,
    price,
    spaPrice: `RM ${price.toLocaleString('en-US')}`,
    phase: 4,
    status: STATUS_BY_POSITION[position] ?? 'available',
    isBumiputeraLot: QUOTA_POSITIONS.has(position),
  }
})

export const users = [
  {
    email: 'admin@aero-demo.my',
    name: 'Nurul Huda Aziz',
    role: 'super_admin',
    phone: '+60 12 300 4411',
    company: 'Aero Industrial Hub Sdn Bhd',
    agency: null,
    agencyStatus: 'none',
  },
  {
    email: 'agent@aero-demo.my',
    name: 'Farid Hassan',
    role: 'agent_admin',
    phone: '+60 13 220 8765',
    company: 'Nilai Prime Realty',
    agency: 'Nilai Prime Realty',
    agencyStatus: 'approved',
  },
  {
    email: 'member@aero-demo.my',
    name: 'Daniel Tan Wei Ming',
    role: 'user',
    phone: '+60 16 555 0192',
    company: null,
    agency: 'Nilai Prime Realty',
    agencyStatus: 'approved',
  },
  {
    email: 'pending@aero-demo.my',
    name: 'Priya Nair',
    role: 'user',
    phone: '+60 17 880 2314',
    company: null,
    agency: 'Nilai Prime Realty',
    agencyStatus: 'pending',
  },
  {
    email: 'user@aero-demo.my',
    name: 'Aisyah Rahman',
    role: 'user',
    phone: '+60 19 640 7723',
    company: null,
    agency: null,
    agencyStatus: 'none',
  },
] as const

/**
 * The bookings behind the lots that are not available, so that every held lot has its
 * booking (requirements: decisions.md#d2-no-double-booking). By unit number; the locked lot is held by the developer.
 */
export const bookings = [
  {
    unitNumber: 'MKS-15',
    status: 'pending_agent',
    requester: 'member@aero-demo.my',
    client: 'member@aero-demo.my',
    message: 'Interested in an intermediate lot facing the main road.',
  },
  {
    unitNumber: 'MKS-20',
    status: 'pending_admin',
    requester: 'agent@aero-demo.my',
    client: 'user@aero-demo.my',
    message:
      'Agent: Farid Hassan\nPhone: +60 13 220 8765\nEmail: agent@aero-demo.my\nDescription: Client paid the booking fee by cheque.',
  },
  {
    unitNumber: 'MKS-07',
    status: 'approved',
    requester: 'member@aero-demo.my',
    client: 'member@aero-demo.my',
    message: 'For our logistics office.',
  },
  {
    unitNumber: 'MKS-18',
    status: 'approved',
    requester: 'agent@aero-demo.my',
    client: 'user@aero-demo.my',
    message: 'Booked on behalf of the client.',
  },
  {
    unitNumber: 'MKS-03',
    status: 'sold',
    requester: 'agent@aero-demo.my',
    client: 'user@aero-demo.my',
    message: 'Sale completed at the sales gallery.',
  },
  {
    unitNumber: 'MKS-04',
    status: 'sold',
    requester: 'member@aero-demo.my',
    client: 'member@aero-demo.my',
    message: 'Second lot for the same company.',
  },
  {
    unitNumber: 'MKS-12',
    status: 'sold',
    requester: 'agent@aero-demo.my',
    client: 'user@aero-demo.my',
    message: 'Corner lot sold.',
  },
] as const

/** The path each seeded booking took, as status history. */
export const bookingPaths: Record<string, string[]> = {
  pending_agent: ['pending_agent'],
  pending_admin: ['pending_admin'],
  approved: ['pending_agent', 'pending_admin', 'approved'],
  sold: ['pending_agent', 'pending_admin', 'approved', 'sold'],
}

/**
 * The demo agent admin's catalogue (requirements: decisions.md#d10-agent-properties): lots their bookings made
 * theirs (MKS-18 booked, MKS-03 sold), by agent and unit number. Areas and prices come from
 * the lot. Each image is drawn in code (`seed_data/illustrations.ts`), no downloads.
 */
export const catalogue = [
  {
    agent: 'agent@aero-demo.my',
    unitNumber: 'MKS-18',
    displayName: 'Aero Industrial Hub Shop Lot MKS-18',
    description:
      'Two-storey intermediate shop lot in Phase 4 of the Aero Industrial Hub, on the row facing ' +
      'the main road. Minutes from KLIA, the North-South Expressway and Nilai town centre.',
    source: 'agency',
    features: ['Two storeys', 'Roller shutter frontage', 'Facing the main road'],
    amenities: ['Near KLIA', 'North-South Expressway access', 'Ample parking'],
    parking: 2,
    images: [
      { kind: 'hero', view: 'day' },
      { kind: 'gallery', view: 'dusk' },
    ],
  },
  {
    agent: 'agent@aero-demo.my',
    unitNumber: 'MKS-03',
    displayName: 'Aero Industrial Hub Shop Lot MKS-03',
    description: 'Intermediate shop lot near the corner of the first row; sold to a logistics company.',
    source: 'own',
    features: ['Two storeys', 'Loading bay at the rear'],
    amenities: ['Near KLIA'],
    parking: 2,
    images: [{ kind: 'hero', view: 'day' }],
  },
] as const
