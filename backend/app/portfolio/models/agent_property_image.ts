import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const IMAGE_SIZES = ['card', 'large'] as const
export type ImageSize = (typeof IMAGE_SIZES)[number]

/** One WebP file per size under `{storageKey}/{size}.webp`; width and height are the large size's. */
export default class AgentPropertyImage extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare agentPropertyId: number

  @column()
  declare kind: 'hero' | 'gallery'

  @column({ serializeAs: null })
  declare storageKey: string

  @column()
  declare mimeType: string

  @column()
  declare width: number | null

  @column()
  declare height: number | null

  @column()
  declare position: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
