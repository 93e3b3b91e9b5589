import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { IMAGE_SIZES, type ImageSize } from '#portfolio/models/agent_property_image'
import {
  agencyProperties,
  findActiveAgency,
  findPublicImage,
  findPublicProperty,
} from '#portfolio/queries/public_properties'
import { serializePublicAgency, serializePublicProperty } from '#portfolio/transformers/agent_property_transformer'
import { readStoredImage } from '#portfolio/services/image_store'

export default class PublicPropertiesController {
  async show({ params }: HttpContext) {
    const found = await findPublicProperty(Number(params.id))
    if (!found) throw AppError.notFound('Property not found')
    return serializePublicProperty(found.property, found.agency)
  }

  async agency({ params }: HttpContext) {
    const agency = await findActiveAgency(Number(params.agencyId))
    if (!agency) throw AppError.notFound('Agency not found')
    const properties = await agencyProperties(agency.id, true)
    return {
      success: true,
      agency: serializePublicAgency(agency),
      properties: properties.map((property) => serializePublicProperty(property, agency)),
    }
  }

  /** Cached for a year: image keys never change. */
  async image({ params, response }: HttpContext) {
    const size = params.size as ImageSize
    const image = IMAGE_SIZES.includes(size) ? await findPublicImage(Number(params.imageId)) : null
    const stream = image ? await readStoredImage(image.storageKey, size) : null
    if (!stream) throw AppError.notFound('Image not found')
    response.header('Content-Type', 'image/webp')
    response.header('Cache-Control', 'public, max-age=31536000, immutable')
    response.header('X-Content-Type-Options', 'nosniff')
    response.stream(stream)
  }
}
