import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * The agency a user's `agencyId` points at, as identity reads it: its id and name, for the
 * user's `agencyName`. The agencies module owns the table and its model (`Agency`); this
 * read-only view lets the User model keep its `agency` relation without importing
 * `#agencies`. Never saved from here.
 */
export default class UserAgency extends BaseModel {
  static table = 'agencies'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string
}
