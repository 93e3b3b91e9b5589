import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { Secret } from '@adonisjs/core/helpers'
import type { AccessToken } from '@adonisjs/auth/access_tokens'
import type { LucidTokenable } from '@adonisjs/auth/types/access_tokens'
import type ThrottledAccessTokensProvider from '#identity/services/throttled_access_tokens_provider'

/** Owners read but not yet taken: at most this many (a guard takes its owner at once). */
const MAX_WAITING = 1_000

/**
 * The guard verifies the token then looks its owner up by id; here the verification already read the owner,
 * and the look-up takes it.
 */
export class TokenOwnerUserProvider<
  TokenableProperty extends string,
  UserModel extends LucidTokenable<TokenableProperty>,
> extends AccessTokensLucidUserProvider<TokenableProperty, UserModel> {
  #owners = new Map<unknown, NonNullable<InstanceType<UserModel>>>()

  async verifyToken(tokenValue: Secret<string>): Promise<AccessToken | null> {
    const tokens = (await this.getTokensProvider()) as unknown as ThrottledAccessTokensProvider<UserModel>
    const verified = await tokens.verifyWithOwner(tokenValue)
    if (!verified) return null
    const model = await this.getModel()
    const owner = model.$createFromAdapterResult(verified.owner)
    if (owner) {
      if (this.#owners.size >= MAX_WAITING) this.#owners.clear()
      this.#owners.set(verified.token.tokenableId, owner)
    }
    return verified.token
  }

  async findById(identifier: Parameters<AccessTokensLucidUserProvider<TokenableProperty, UserModel>['findById']>[0]) {
    const owner = this.#owners.get(identifier)
    if (!owner) return super.findById(identifier)
    this.#owners.delete(identifier)
    return this.createUserForGuard(owner)
  }
}
