import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * A read-only view of the agencies module's table, so the User model keeps its `agency` relation without
 * importing `#agencies`.
 */
export default class UserAgency extends BaseModel {
  static table = 'agencies'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string
}
