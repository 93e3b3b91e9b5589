import { senOf, sqmToSqft, type ListedPrices } from '#inventory'
import type { Agency } from '#agencies'
import type AgentProperty from '#portfolio/models/agent_property'
import type AgentPropertyImage from '#portfolio/models/agent_property_image'
import type { SharePlatform } from '#portfolio/models/agent_property_share'
import { locationOf, publicPageUrl } from '#portfolio/services/public_page'

export function serializeImage(image: AgentPropertyImage) {
  const base = `/api/agent-properties/images/${image.id}`
  return { id: image.id, card: `${base}/card`, large: `${base}/large`, width: image.width, height: image.height }
}

export type ImageResource = ReturnType<typeof serializeImage>

function imagesOf(property: AgentProperty) {
  const images = property.$preloaded.images ? [...property.images] : []
  images.sort((a, b) => a.position - b.position || a.id - b.id)
  const hero = images.find((image) => image.kind === 'hero')
  return {
    hero: hero ? serializeImage(hero) : null,
    gallery: images.filter((image) => image.kind === 'gallery').map(serializeImage),
  }
}

/** Area in sqm and in sqft (requirements: decisions.md#d5-money-and-area), or null. */
function area(sqm: number | null) {
  return sqm === null ? null : { sqm, sqft: sqmToSqft(sqm)! }
}

const wholeRinggit = (value: number | null) => (value === null ? null : Math.round(value))
const ringgitOf = (sen: number | null) => (sen === null ? null : Math.round(sen / 100))

/**
 * Everything the portfolio screens read (requirements: api.md#agent-property-record); the lot's price is
 * the one in force (`prices`: its development's price lists, else the lot's own).
 */
export function serializeAgentProperty(property: AgentProperty, prices: ListedPrices = new Map()) {
  const lot = property.$preloaded.lot ? property.lot : null
  const { hero, gallery } = imagesOf(property)
  const location = locationOf(property)
  const lotDetails = lot && {
    id: lot.id,
    _id: lot.id,
    unitNumber: lot.unitNumber,
    lotNumber: lot.lotNumber,
    type: lot.type,
    unitType: lot.propertyType,
    landSize: lot.landSizeSqm,
    landAreaSqft: sqmToSqft(lot.landSizeSqm),
    size: lot.sizeSqm ?? lot.landSizeSqm,
    builtUpArea: lot.builtUpSqm,
    builtUpAreaSqft: sqmToSqft(lot.builtUpSqm),
    spaPrice: lot.spaPrice,
    price: ringgitOf(prices.get(lot.id) ?? senOf(lot.price)),
    address: lot.address ?? lot.location,
    phase: lot.phase,
    status: lot.status,
  }
  return {
    id: property.id,
    _id: property.id,
    displayName: property.displayName,
    description: property.description,
    status: property.status,
    source: property.source,
    isPublic: property.isPublic,
    dateOwned: property.dateOwned.toISO(),
    shareCount: property.shareCount,
    lastShared: property.lastSharedAt?.toISO() ?? null,
    lotId: property.lotId,
    bookingId: property.bookingId,
    agencyId: property.agencyId,
    specialLotId: lot?.typeCode ? `type-${lot.typeCode.toLowerCase()}-${lot.lotNumber}` : null,
    specialLotType: lot?.type ?? property.propertyType,
    actualAddress: property.address,
    lot: lot?.kind === 'unit' ? null : lotDetails,
    unit: lot?.kind === 'unit' ? lotDetails : null,
    propertyDetails: {
      unitNumber: lot?.unitNumber ?? property.lotNumber,
      lotNumber: property.lotNumber,
      propertyType: property.propertyType,
      size: property.lotSize ?? property.builtUpArea,
      sizeSqft: sqmToSqft(property.lotSize ?? property.builtUpArea),
      landArea: property.lotSize,
      landAreaSqft: sqmToSqft(property.lotSize),
      buildupArea: property.builtUpArea,
      buildupAreaSqft: sqmToSqft(property.builtUpArea),
      price: wholeRinggit(property.price),
      pricePerSqft: property.pricePerSqft,
      bedrooms: property.bedrooms,
      bathrooms: property.bathrooms,
      parking: property.parking,
      features: property.features,
      amenities: property.amenities,
      actualAddress: property.address,
      address: property.address,
      city: property.city,
      state: property.state,
      postcode: property.postcode,
      location,
      customTitle: property.displayName,
      customDescription: property.description,
      expectedROI: property.expectedRoi,
      rentalYield: property.rentalYield,
      completionDate: property.completionDate?.toISODate() ?? null,
    },
    marketingInfo: { askingPrice: wholeRinggit(property.price) },
    ownedBy: property.$preloaded.owner && property.owner ? { id: property.owner.id, name: property.owner.name } : null,
    heroImage: hero,
    gallery,
    publicUrl: publicPageUrl(property.id),
    createdAt: property.createdAt?.toISO() ?? null,
  }
}

export type AgentPropertyResource = ReturnType<typeof serializeAgentProperty>

export function serializePublicAgency(agency: Agency) {
  return {
    id: agency.id,
    _id: agency.id,
    name: agency.name,
    description: agency.description,
    contactEmail: agency.contactEmail,
    contactPhone: agency.contactPhone,
    address: agency.address,
  }
}

export type PublicAgencyResource = ReturnType<typeof serializePublicAgency>

/** No owner, booking or share statistics (requirements: api.md#public-agent-property). */
export function serializePublicProperty(property: AgentProperty, agency: Agency | null) {
  const { hero, gallery } = imagesOf(property)
  return {
    id: property.id,
    _id: property.id,
    name: property.displayName,
    propertyType: property.propertyType,
    status: property.status,
    description: property.description,
    price: wholeRinggit(property.price),
    size: area(property.lotSize ?? property.builtUpArea),
    builtUpArea: area(property.builtUpArea),
    lotNumber: property.lotNumber,
    location: locationOf(property),
    address: property.address,
    facilities: [...new Set([...property.features, ...property.amenities])],
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    parking: property.parking,
    completionDate: property.completionDate?.toISODate() ?? null,
    agency: agency ? serializePublicAgency(agency) : null,
    heroImage: hero,
    images: { hero, gallery },
    publicUrl: publicPageUrl(property.id),
  }
}

export type PublicPropertyResource = ReturnType<typeof serializePublicProperty>

/** What a share gives the agent: the link to open and the text to post, with the property's new figures. */
export function serializeShare(
  shared: { property: AgentProperty; content: string; shareUrl: string },
  platform: SharePlatform
) {
  return {
    shareUrl: shared.shareUrl,
    content: shared.content,
    platform,
    shareCount: shared.property.shareCount,
    lastShared: shared.property.lastSharedAt?.toISO() ?? null,
  }
}

export type ShareResource = ReturnType<typeof serializeShare>
