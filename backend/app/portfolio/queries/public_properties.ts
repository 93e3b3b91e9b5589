import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { Agency } from '#agencies'
import AgentProperty from '#portfolio/models/agent_property'
import AgentPropertyImage from '#portfolio/models/agent_property_image'
import { sharedByAgency } from '#portfolio/queries/portfolio'

export async function findActiveAgency(agencyId: number) {
  return Agency.query().where('id', agencyId).where('is_active', true).first()
}

/** A property whose owner made it public, with its images and agency; null otherwise. */
export async function findPublicProperty(id: number) {
  const published = (query: ModelQueryBuilderContract<typeof AgentProperty>) =>
    query.where('id', id).where('is_public', true)
  const property = await AgentProperty.query().where(published).preload('images').first()
  if (!property) return null
  const agency = property.agencyId === null ? null : await findActiveAgency(property.agencyId)
  return { property, agency }
}

export async function agencyProperties(agencyId: number, publicOnly: boolean) {
  return AgentProperty.query()
    .where(sharedByAgency(agencyId, publicOnly))
    .preload('lot')
    .preload('owner')
    .preload('images')
    .orderBy('date_owned', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
}

/** An image of a public property, or null: images of other properties are never served. */
export async function findPublicImage(imageId: number) {
  return AgentPropertyImage.query()
    .where('id', imageId)
    .whereIn('agent_property_id', AgentProperty.query().where('is_public', true).select('id'))
    .first()
}
