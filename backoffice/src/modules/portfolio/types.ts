/**
 * Portfolio statuses (requirements: agent-admin.md#portfolio): active while the booking holds the lot, sold, or
 * pending.
 */
export type PropertyStatus = 'active' | 'sold' | 'pending'

export type PortfolioStatusFilter = PropertyStatus | 'all'

/** Newest first, name A-Z, price high first, most shared first (requirements: agent-admin.md#portfolio). */
export type PortfolioSort = 'dateOwned' | 'name' | 'price' | 'shares'

export interface PortfolioQuery {
  search?: string
  status?: PortfolioStatusFilter
  sort?: PortfolioSort
}

export interface PortfolioStats {
  totalProperties: number
  activeProperties: number
  soldProperties: number
  totalShares: number
}

export interface PropertyImage {
  id: number
  card: string
  large: string
  width: number | null
  height: number | null
}

interface PropertyLot {
  id: number
  unitNumber: string | null
  lotNumber: string
  type: string | null
  landSize: number | null
  builtUpArea: number | null
  price: number | null
  address: string | null
  phase: number | null
  status: string
}

/**
 * An entry of the agent admin's portfolio, as GET /api/agent-properties serialises it
 * (requirements: api.md#agent-property-record).
 */
export interface AgentProperty {
  id: number
  _id: number
  displayName: string
  description: string | null
  status: PropertyStatus
  source: 'own' | 'agency'
  isPublic: boolean
  dateOwned: string | null
  shareCount: number
  lastShared: string | null
  lotId: number | null
  bookingId: number | null
  actualAddress: string | null
  lot: PropertyLot | null
  unit: PropertyLot | null
  propertyDetails: {
    unitNumber: string | null
    lotNumber: string | null
    propertyType: string | null
    size: number | null
    landArea: number | null
    buildupArea: number | null
    price: number | null
    pricePerSqft: number | null
    bedrooms: number | null
    bathrooms: number | null
    parking: number | null
    features: string[]
    amenities: string[]
    address: string | null
    city: string | null
    state: string | null
    postcode: string | null
    location: string | null
    expectedROI: number | null
    rentalYield: number | null
    completionDate: string | null
  }
  marketingInfo: { askingPrice: number | null }
  ownedBy: { id: number; name: string } | null
  heroImage: PropertyImage | null
  gallery: PropertyImage[]
  publicUrl: string
}

/** GET /api/agent-properties. */
export interface Portfolio {
  success: boolean
  data: { properties: AgentProperty[]; stats: PortfolioStats }
}

/** An Add to Catalogue choice: a lot the agent's bookings made theirs, not yet in the catalogue. */
export interface OwnedProperty {
  id: number
  name: string
  price: number | null
  status: PropertyStatus
  lotNumber: string
  type: string | null
  bookingId: number
  dateOwned: string | null
}

/** The Add to Catalogue dialog's optional fields (requirements: agent-admin.md#add-to-catalogue), sent as typed. */
export const CATALOGUE_FIELDS = [
  'displayName',
  'description',
  'propertyType',
  'lotNumber',
  'lotSize',
  'builtUpArea',
  'price',
  'pricePerSqft',
  'bedrooms',
  'bathrooms',
  'parking',
  'features',
  'amenities',
  'address',
  'city',
  'state',
  'postcode',
  'expectedROI',
  'rentalYield',
  'completionDate',
] as const

export type CatalogueField = (typeof CATALOGUE_FIELDS)[number]

/** POST /api/agent-properties/create-manual, multipart. */
export interface CatalogueEntryInput {
  propertyId: number
  heroImage: File
  galleryImages: File[]
  details?: Partial<Record<CatalogueField, string>>
}

/** The platforms the portfolio offers (the backend also knows Twitter, LinkedIn and Telegram). */
export type SharePlatform = 'whatsapp' | 'facebook' | 'email' | 'copy'

/** POST /api/agent-properties/:id/share. */
export interface ShareResult {
  shareUrl: string
  content: string
  platform: SharePlatform
  shareCount: number
  lastShared: string | null
  message: string
}
