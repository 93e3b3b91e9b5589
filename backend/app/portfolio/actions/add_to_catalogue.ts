import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { lotsOwnedBy } from '#bookings'
import { Lot, priceInForce } from '#inventory'
import type { User } from '#identity'
import { AppError } from '#core/errors'
import AgentProperty from '#portfolio/models/agent_property'
import AgentPropertyImage from '#portfolio/models/agent_property_image'
import { propertyStatusFor } from '#portfolio/services/statuses'
import {
  removeStoredImages,
  renderImage,
  storeImages,
  type CheckedImage,
  type RenderedImage,
} from '#portfolio/services/image_store'
import { SELECT_OWNED_PROPERTY, type addToCatalogueValidator } from '#portfolio/validators/agent_property'

export const MAX_GALLERY_IMAGES = 10
export const HERO_REQUIRED = 'Hero image is required'
export const ALREADY_IN_CATALOGUE = 'This property is already in your catalogue.'

export type CatalogueInput = Infer<typeof addToCatalogueValidator>
export type CatalogueImages = { hero?: CheckedImage; gallery: CheckedImage[] }

/** "Nilai, Negeri Sembilan" → city and state. */
function cityAndState(location: string | null) {
  const [city, ...rest] = (location ?? '').split(',').map((part) => part.trim())
  return { city: city || null, state: rest.join(', ') || null }
}

/**
 * Images are decoded and resized before anything is written, and removed again if the entry is not created,
 * so a refusal leaves nothing behind (requirements: agent-admin.md#add-to-catalogue).
 */
export default class AddToCatalogue {
  async handle(agent: User, input: CatalogueInput, images: CatalogueImages): Promise<AgentProperty> {
    if (!images.hero) throw AppError.invalid('heroImage', HERO_REQUIRED)
    if (images.gallery.length > MAX_GALLERY_IMAGES) {
      throw AppError.invalid('galleryImages', `You can upload up to ${MAX_GALLERY_IMAGES} gallery images`)
    }
    const owned = (await lotsOwnedBy(agent.id, input.propertyId)).find(
      (item) => input.bookingId === undefined || item.bookingId === input.bookingId
    )
    if (!owned) throw AppError.invalid('propertyId', SELECT_OWNED_PROPERTY)
    if (await isListed(agent.id, owned.lotId)) throw AppError.conflict(ALREADY_IN_CATALOGUE)
    if (input.shareWithAgency && agent.agencyId === null) {
      throw AppError.invalid('shareWithAgency', 'You must be associated with an agency to share with it')
    }

    const lot = await Lot.query().where('id', owned.lotId).preload('development').firstOrFail()
    const rendered: RenderedImage[] = []
    for (const image of [images.hero, ...images.gallery]) rendered.push(await renderImage(image))

    const keys = await storeImages(rendered)
    try {
      return await db.transaction(async (trx) => {
        // Two adds of one lot queue on the lot's row; the second then finds the first.
        await Lot.query({ client: trx }).where('id', lot.id).forUpdate().first()
        if (await isListed(agent.id, lot.id, trx)) throw AppError.conflict(ALREADY_IN_CATALOGUE)

        const development = lot.development
        // Unless the agent asks their own, the entry starts at the lot's price in force.
        const listedSen = input.price === undefined || input.price === null ? await priceInForce(lot, trx) : null
        const place = cityAndState(lot.location ?? development?.location ?? null)
        const address = input.address ?? lot.address ?? development?.address ?? null
        const property = await AgentProperty.create(
          {
            agentAdminId: agent.id,
            agencyId: agent.agencyId,
            lotId: lot.id,
            bookingId: owned.bookingId,
            displayName:
              input.displayName ?? lot.name ?? `${development?.name ?? 'Lot'} ${lot.unitNumber ?? lot.lotNumber}`,
            description: input.description ?? lot.description ?? development?.description ?? null,
            status: propertyStatusFor(owned.status),
            source: input.shareWithAgency ? 'agency' : 'own',
            isPublic: true,
            propertyType: input.propertyType ?? development?.propertyType ?? lot.type,
            lotNumber: input.lotNumber ?? lot.unitNumber ?? lot.lotNumber,
            lotSize: input.lotSize ?? lot.landSizeSqm ?? lot.sizeSqm,
            builtUpArea: input.builtUpArea ?? lot.builtUpSqm,
            price: input.price ?? (listedSen === null ? null : listedSen / 100),
            pricePerSqft: input.pricePerSqft ?? null,
            bedrooms: input.bedrooms ?? null,
            bathrooms: input.bathrooms ?? null,
            parking: input.parking ?? null,
            features: (input.features as string[] | null | undefined) ?? [],
            amenities: (input.amenities as string[] | null | undefined) ?? [],
            address,
            city: input.city ?? place.city,
            state: input.state ?? place.state,
            postcode: input.postcode ?? /\b\d{5}\b/.exec(address ?? '')?.[0] ?? null,
            expectedRoi: input.expectedROI ?? null,
            rentalYield: input.rentalYield ?? null,
            completionDate: input.completionDate ? DateTime.fromJSDate(input.completionDate) : null,
            dateOwned: owned.ownedAt,
            shareCount: 0,
          },
          { client: trx }
        )
        await AgentPropertyImage.createMany(
          rendered.map((image, index) => ({
            agentPropertyId: property.id,
            kind: index === 0 ? ('hero' as const) : ('gallery' as const),
            storageKey: keys[index],
            mimeType: 'image/webp',
            width: image.width,
            height: image.height,
            position: index === 0 ? 0 : index - 1,
          })),
          { client: trx }
        )
        return property
      })
    } catch (error) {
      await removeStoredImages(keys)
      throw error
    }
  }
}

async function isListed(agentAdminId: number, lotId: number, client?: TransactionClientContract) {
  const row = await AgentProperty.query({ client })
    .where('agent_admin_id', agentAdminId)
    .where('lot_id', lotId)
    .select('id')
    .first()
  return row !== null
}
