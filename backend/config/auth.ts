import { defineConfig } from '@adonisjs/auth'
import { sessionGuard, sessionUserProvider } from '@adonisjs/auth/session'
import { tokensGuard } from '@adonisjs/auth/access_tokens'
import { TokenOwnerUserProvider } from '#identity/services/token_owner_user_provider'
import type { InferAuthenticators, InferAuthEvents, Authenticators } from '@adonisjs/auth/types'

/** Browsers use the `web` cookie session; API clients the `api` opaque bearer token. */
const authConfig = defineConfig({
  default: 'web',
  guards: {
    web: sessionGuard({
      useRememberMeTokens: false,
      provider: sessionUserProvider({
        model: () => import('#identity/models/user'),
      }),
    }),
    api: tokensGuard({
      // The token and its owner in one query (identity/services/token_owner_user_provider.ts).
      provider: new TokenOwnerUserProvider({
        tokens: 'accessTokens',
        model: () => import('#identity/models/user'),
      }),
    }),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
