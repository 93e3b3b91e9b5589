import { Bouncer } from '@adonisjs/bouncer'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type User from '#identity/models/user'

/** No named abilities and no pre-registered policies: policies are used by class. */
type NoAbilities = Record<string, never>
type NoPolicies = Record<string, never>

/** A bouncer per request; policies are used by class (`bouncer.with(LotPolicy)`). */
export default class InitializeBouncerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.bouncer = new Bouncer<User, NoAbilities, NoPolicies>(
      () => (ctx.auth.user as User | undefined) ?? null,
      {},
      {}
    ).setContainerResolver(ctx.containerResolver)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<User, NoAbilities, NoPolicies>
  }
}
