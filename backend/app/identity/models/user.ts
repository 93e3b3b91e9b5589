import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import type { AccessToken } from '@adonisjs/auth/access_tokens'
import ThrottledAccessTokensProvider from '#identity/services/throttled_access_tokens_provider'
import UserAgency from '#identity/models/user_agency'
import type { Role } from '#core/roles'

export type AgencyStatus = 'none' | 'pending' | 'approved' | 'rejected'

/** A buyer's Bumiputera status: declared by the person, verified or rejected by staff. */
export type BumiputeraStatus = 'none' | 'declared' | 'verified' | 'rejected'
/** Whether the status was declared for the person themselves or for their company. */
export type BumiputeraKind = 'individual' | 'company'
export const BUMIPUTERA_KINDS: readonly BumiputeraKind[] = ['individual', 'company']

/** A user's default position: `Member`, or `Agent Admin` for an agent admin. */
export const MEMBER_POSITION = 'Member'
export const AGENT_ADMIN_POSITION = 'Agent Admin'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  /** Opaque bearer tokens: 24 hours unless extended (see sign_in_service); last use recorded once a minute. */
  static accessTokens = new ThrottledAccessTokensProvider({
    tokenableModel: User,
    expiresIn: '24 hours',
    prefix: 'oat_',
    table: 'auth_access_tokens',
    type: 'auth_token',
  })

  declare currentAccessToken?: AccessToken

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string

  @column()
  declare role: Role

  @column()
  declare phone: string | null

  @column()
  declare address: string | null

  @column()
  declare company: string | null

  @column()
  declare position: string

  @column()
  declare agencyId: number | null

  @column()
  declare agencyStatus: AgencyStatus

  @column.dateTime()
  declare agencyStatusDate: DateTime | null

  @column.dateTime()
  declare agencyRequestDate: DateTime | null

  @column()
  declare agencyRequestMessage: string | null

  @column()
  declare bumiputeraStatus: BumiputeraStatus

  @column()
  declare bumiputeraKind: BumiputeraKind | null

  /** The staff member who verified or rejected the status (null after their account is deleted). */
  @column()
  declare bumiputeraVerifiedBy: number | null

  @column.dateTime()
  declare bumiputeraVerifiedAt: DateTime | null

  @belongsTo(() => User, { foreignKey: 'bumiputeraVerifiedBy' })
  declare bumiputeraVerifier: BelongsTo<typeof User>

  /** When the account was anonymised on its owner's request (docs/privacy.md, "Access"); null for a live one. */
  @column.dateTime()
  declare anonymisedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** The agency `agencyId` points at, for its name (see UserAgency). */
  @belongsTo(() => UserAgency, { foreignKey: 'agencyId' })
  declare agency: BelongsTo<typeof UserAgency>
}
